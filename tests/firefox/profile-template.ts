/**
 * The Firefox suite's global setup: starts Firefox once on a new profile, so that every test's
 * Firefox starts from a copy of a profile that has started before (firefox.ts, profileCopy).
 * The copies live beside the template and go with it when the run ends.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";
import type { TestProject } from "vitest/node";
import { firefoxLaunchOptions } from "./firefox";

declare module "vitest" {
  export interface ProvidedContext {
    firefoxProfiles: { root: string; template: string } | undefined;
  }
}

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(tmpdir(), "proxy-deck-firefox-"));
  const template = path.join(root, "template");
  mkdirSync(template);
  const browser = await puppeteer.launch({ ...firefoxLaunchOptions, userDataDir: template });
  await browser.close();
  project.provide("firefoxProfiles", { root, template });
  return () => rmSync(root, { recursive: true, force: true });
}
