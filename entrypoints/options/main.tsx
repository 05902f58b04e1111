import { render } from "preact";
import { send } from "@/components/options/shared";
import { startPageDiagnostics } from "@/lib/protocol/page-diagnostics";
import { Options } from "./Options";

// The page's failures go to the background's log (lib/protocol/page-diagnostics.ts).
startPageDiagnostics(send, "options");

const root = document.getElementById("app");
if (root) render(<Options />, root);
