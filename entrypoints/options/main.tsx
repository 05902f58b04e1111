import { render } from "preact";
import { send } from "@/components/options/shared";
import { startPageDiagnostics } from "@/lib/diagnostics/page-sink";
import { Options } from "./Options";

// The page's failures go to the background's log (lib/diagnostics/page-sink.ts).
startPageDiagnostics(send, "options");

const root = document.getElementById("app");
if (root) render(<Options />, root);
