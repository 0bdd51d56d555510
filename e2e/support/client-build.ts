import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What build.mjs wrote to dist/client: the esbuild metafile's outputs, as served URLs. */
export interface ClientBuild {
  clientDir: string;
  /** '/assets/main-XXXX.js', or null when the shell has no entry yet (placeholder page). */
  entry: string | null;
  entryCss: string | null;
  /** served URL path → bytes on disk and what is mostly in it */
  outputs: Map<string, { bytes: number; mostly: string }>;
}

/** The package (or source folder) contributing most bytes to an output, to tell hashed chunks apart. */
function mostlyFrom(inputs: Record<string, { bytesInOutput: number }>): string {
  const byOwner = new Map<string, number>();
  for (const [file, input] of Object.entries(inputs)) {
    const modules = file.split('node_modules/');
    const last = modules[modules.length - 1];
    const parts = last.split('/');
    const owner = modules.length > 1 ? (last.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]) : parts.slice(0, -1).join('/') || file;
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + input.bytesInOutput);
  }
  const top = [...byOwner.entries()].sort((a, b) => b[1] - a[1])[0];
  return top ? top[0] : '';
}

/** Reads dist/client/meta.json; an absent metafile means the placeholder client (no entry). */
export function clientEntry(clientDir: string): ClientBuild {
  const metaFile = path.join(clientDir, 'meta.json');
  const outputs: ClientBuild['outputs'] = new Map();
  if (!fs.existsSync(metaFile)) return { clientDir, entry: null, entryCss: null, outputs };
  const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as {
    outputs: Record<string, { bytes: number; entryPoint?: string; cssBundle?: string; inputs?: Record<string, { bytesInOutput: number }> }>;
  };
  // Metafile paths are relative to the repository root (build.mjs's absWorkingDir): dist/client/assets/…
  const root = path.resolve(clientDir, '../..');
  const served = (file: string) => '/' + path.relative(clientDir, path.resolve(root, file)).split(path.sep).join('/');
  let entry: string | null = null;
  let entryCss: string | null = null;
  for (const [file, output] of Object.entries(meta.outputs)) {
    if (file.endsWith('.map')) continue;
    outputs.set(served(file), { bytes: output.bytes, mostly: mostlyFrom(output.inputs ?? {}) });
    if (output.entryPoint === 'src/shell/main.tsx') {
      entry = served(file);
      entryCss = output.cssBundle ? served(output.cssBundle) : null;
    }
  }
  return { clientDir, entry, entryCss, outputs };
}

/** gzip size (level 9, as a static pre-compressor would) of a served file, or null when not on disk. */
export function gzipSizeOf(clientDir: string, urlPath: string): number | null {
  const file = path.join(clientDir, decodeURIComponent(urlPath));
  if (!file.startsWith(clientDir) || !fs.existsSync(file)) return null;
  return gzipSync(fs.readFileSync(file), { level: 9 }).length;
}
