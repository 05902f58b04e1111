/**
 * What the popup loads beside its first read, off its first path (its 20 kB budget): the
 * "this site" line's code, and the page's diagnostics, its failures sent from now on to the
 * background's log (lib/diagnostics/page-sink.ts). One chunk, fetched once.
 */
import "../../components/popup/ThisSite";
import { startPageDiagnostics } from "../../lib/diagnostics/page-sink";
import { background } from "./first";

startPageDiagnostics(background, "popup");

export { recordFailure } from "../../lib/diagnostics/record";
