import fs from 'node:fs';
import path from 'node:path';
import { assertChromium } from './browser.js';
import { ROOT } from './server.js';

/** Fails the run at once, with the fix, when the browser or the built client is missing. */
export default function setup(): void {
  assertChromium();
  const index = path.join(ROOT, 'dist/client/index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: build the client first (node build.mjs); npm test does.`);
}
