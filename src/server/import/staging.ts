import fs from 'node:fs';
import path from 'node:path';

/** Staging folders older than this are left-overs of a killed import. */
const STALE_STAGING_MS = 24 * 3600 * 1000;

/**
 * A new staging folder (`.staging-*`) inside `root`, where an import writes its files before renaming
 * them into place (same file system, so a rename). Staging folders a killed import left behind are
 * removed first.
 */
export function stagingFolder(root: string, now: Date): string {
  fs.mkdirSync(root, { recursive: true });
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('.staging-')) continue;
    const folder = path.join(root, entry.name);
    if (now.getTime() - fs.statSync(folder).mtimeMs > STALE_STAGING_MS) fs.rmSync(folder, { recursive: true, force: true });
  }
  return fs.mkdtempSync(path.join(root, '.staging-'));
}
