/**
 * Runs before each test file. The files share one worker without isolation (isolate: false
 * saves ~25 s of imports), so each file starts with the project's modules evaluated afresh
 * (their module-level state, such as the background's decoded copies, starts empty) and an
 * empty fake browser. Libraries from node_modules stay loaded: that is the saving.
 */
import { vi } from "vitest";
import { fakeBrowser } from "wxt/testing";

vi.resetModules();
fakeBrowser.reset();
// Every language's words, in the catalog module this file's fresh registry hands the test.
const { installAllCatalogs } = await import("./catalogs");
installAllCatalogs();
