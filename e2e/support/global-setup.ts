import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertChromium } from './browser.js';
import { prepareDemoTemplate, ROOT, type DemoTemplate } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The demo-loaded data dir that useServer's servers copy instead of loading the demo again. */
    e2eDemoTemplate: DemoTemplate;
  }
}

/**
 * Fails the run at once, with the fix, when the browser or the built client is missing; then loads the demo
 * once into a template for the files' servers (seconds per server otherwise). Returns its removal.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  assertChromium();
  const index = path.join(ROOT, 'dist/client/index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: build the client first (node build.mjs); npm test does.`);
  const template = await prepareDemoTemplate(ROOT);
  project.provide('e2eDemoTemplate', template);
  return () => fs.rmSync(template.dataDir, { recursive: true, force: true });
}
