import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/**
 * This server's version, from the repository's package.json (the nearest one above this module, which is
 * the same file whether the code runs from src/ or bundled in dist/).
 */
export function germinateVersion(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const { version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
      if (typeof version === 'string') return (cached = version);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = '0.0.0');
    dir = parent;
  }
}
