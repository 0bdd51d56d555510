// Builds what `npm start` serves: the server (and its command-line tools) bundled for Node, and the client.
// `node build.mjs --server` skips the client.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.dirname(new URL(import.meta.url).pathname);
const serverOnly = process.argv.includes('--server');
const dist = path.join(root, 'dist');

const serverEntries = {
  'server/main': 'src/server/main.ts',
  'server/import': 'src/server/cli/import.ts',
  'bench/run': 'bench/run.ts',
};

await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(
    Object.entries(serverEntries).filter(([, file]) => fs.existsSync(path.join(root, file))),
  ),
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Dependencies load from node_modules (native better-sqlite3, pg); only our code is bundled.
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

if (!serverOnly) {
  // The workspace client arrives with the next issue; until then the server serves this shell page.
  const clientDir = path.join(dist, 'client');
  fs.mkdirSync(clientDir, { recursive: true });
  fs.copyFileSync(path.join(root, 'src/shell/index.html'), path.join(clientDir, 'index.html'));
}
