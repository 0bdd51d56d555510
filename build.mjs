// Builds what `npm start` serves: the server (and its command-line tools) bundled for Node, and the client.
// `node build.mjs --server` skips the client.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text the browser fetches; source maps are left out (only developer tools read them, and they are large). */
const COMPRESSIBLE = /\.(m?js|css|svg|txt|json)$/;

const root = path.dirname(new URL(import.meta.url).pathname);
const serverOnly = process.argv.includes('--server');
const dist = path.join(root, 'dist');

/**
 * react-mosaic-component's style sheet also styles its Blueprint theme and its MosaicWindow (toolbar,
 * drag preview), which the shell does not use (it has its own theme and tiles): those rules are left
 * out of the bundle, the layout rules and the licence notice kept. Rules are flat in that file (no nesting but @keyframes).
 */
const UNUSED_MOSAIC_SELECTOR = /\.mosaic-blueprint-theme|\.bp5-|\.mosaic-window|\.mosaic-preview/;
const mosaicCss = {
  name: 'mosaic-css',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /react-mosaic-component[\\/]react-mosaic-component\.css$/ }, async (args) => {
      const css = await fs.promises.readFile(args.path, 'utf8');
      // The licence notice stays (esbuild moves it to the bundle's legal-comments file).
      let kept = /^\s*\/\*[\s\S]*?@license[\s\S]*?\*\//.exec(css)?.[0] ?? '';
      for (let at = 0; at < css.length; ) {
        const open = css.indexOf('{', at);
        if (open < 0) break;
        let end = open + 1;
        for (let depth = 1; depth > 0 && end < css.length; end++) depth += css[end] === '{' ? 1 : css[end] === '}' ? -1 : 0;
        const prelude = css.slice(at, open).replace(/\/\*[\s\S]*?\*\//g, '').trim();
        const selectors = prelude.startsWith('@') ? prelude : prelude.split(',').filter((s) => !UNUSED_MOSAIC_SELECTOR.test(s)).join(',');
        if (selectors.trim() !== '') kept += `${selectors}${css.slice(open, end)}\n`;
        at = end;
      }
      return { contents: kept, loader: 'css' };
    });
  },
};

const serverEntries = {
  'server/main': 'src/server/main.ts',
  'server/import': 'src/server/cli/import.ts',
  'server/restore': 'src/server/cli/restore.ts',
  // Import jobs run in worker threads started from this file (src/server/jobs/runner.ts finds it beside main).
  'server/job-worker': 'src/server/jobs/worker.ts',
  // Table reads on SQLite run in processes started from this file (src/server/db/read-pool-sqlite.ts).
  'server/read-worker': 'src/server/db/read-worker.ts',
  // Genotype and allele-frequency exports run in worker threads started from this file (src/plugins/genotypes/export/export-thread.ts).
  'server/genotype-export-worker': 'src/plugins/genotypes/export/worker.ts',
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

if (!serverOnly) await buildClient();

/**
 * The client: src/shell/main.tsx with code splitting (each pane type is a lazy chunk), hashed names,
 * and index.html pointing at the entry's JS and CSS. The metafile feeds the bundle benchmark.
 */
async function buildClient() {
  const clientDir = path.join(dist, 'client');
  // Hashed assets are only added (old ones pruned when stale) and index.html / meta.json are replaced by
  // rename: a server or browser test running during a rebuild never finds its page's files gone.
  fs.mkdirSync(clientDir, { recursive: true });
  const template = fs.readFileSync(path.join(root, 'src/shell/index.html'), 'utf8');
  const entry = path.join(root, 'src/shell/main.tsx');
  if (!fs.existsSync(entry)) {
    writeAtomically(path.join(clientDir, 'index.html'), template.replace('<!--assets-->', ''));
    return;
  }
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/shell/main.tsx' },
    outdir: path.join(clientDir, 'assets'),
    publicPath: '/assets',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome110', 'firefox115', 'safari16'],
    minify: true,
    // Written for developers (to read a minified stack trace on the build machine) but not linked from
    // the scripts: browsers never ask for them, and the server refuses *.map (client-files.ts).
    sourcemap: 'external',
    metafile: true,
    jsx: 'automatic',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'files/[name]-[hash]',
    loader: { '.woff2': 'file', '.woff': 'file', '.png': 'file', '.svg': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'linked',
    logLevel: 'warning',
    plugins: [mosaicCss],
  });
  // MapLibre starts its worker from a file beside its own module; bundling moves the module, so the
  // worker (self-contained) is copied to a fixed name the map widgets point setWorkerUrl() at.
  fs.copyFileSync(
    path.join(root, 'node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs'),
    path.join(clientDir, 'assets', 'maplibre-gl-worker.mjs'),
  );
  writeAtomically(path.join(clientDir, 'meta.json'), JSON.stringify(result.metafile));
  const outputs = Object.entries(result.metafile.outputs);
  const main = outputs.find(([, o]) => o.entryPoint === 'src/shell/main.tsx');
  if (!main) throw new Error('client entry missing from the build');
  const url = (file) => '/' + path.relative(clientDir, path.join(root, file)).split(path.sep).join('/');
  const tags = [`<script type="module" src="${url(main[0])}"></script>`];
  if (main[1].cssBundle) tags.unshift(`<link rel="stylesheet" href="${url(main[1].cssBundle)}" />`);
  const worker = path.join(clientDir, 'assets', 'maplibre-gl-worker.mjs');
  await precompress(clientDir, [...Object.keys(result.metafile.outputs).map((f) => path.join(root, f)), worker]);
  writeAtomically(path.join(clientDir, 'index.html'), template.replace('<!--assets-->', tags.join('\n    ')));
  pruneStale(path.join(clientDir, 'assets'), new Set(Object.keys(result.metafile.outputs).map((f) => path.join(root, f))));
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset, for
 * the server to send whichever the browser accepts: compressing once at build time affords the
 * strongest settings, which would be too slow per request. A copy that is not smaller is not written.
 * `precompressed.json` records the SHA-256 of what each copy was made from, so a rebuild compresses
 * only files whose content changed (brotli 11 takes seconds for the whole client).
 */
async function precompress(clientDir, files) {
  const manifestFile = path.join(clientDir, 'precompressed.json');
  let previous = {};
  try {
    previous = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    // No manifest yet (or an unreadable one): everything is compressed afresh.
  }
  const manifest = {};
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const content = fs.readFileSync(file);
        const digest = createHash('sha256').update(content).digest('hex');
        const key = path.relative(clientDir, file).split(path.sep).join('/');
        manifest[key] = digest;
        const copies = [`${file}.br`, `${file}.gz`];
        if (previous[key] === digest && copies.every((copy) => fs.existsSync(copy))) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        // Written by rename: a server running during a rebuild never sends half a file.
        for (const [copy, bytes] of [[copies[0], br], [copies[1], gz]]) {
          if (bytes.length < content.length) writeAtomically(copy, bytes);
          else fs.rmSync(copy, { force: true });
        }
      }),
  );
  writeAtomically(manifestFile, JSON.stringify(manifest));
}

function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/**
 * Removes assets of earlier builds once they are an hour old (a page loaded before then may still ask);
 * a compressed copy goes with its file.
 */
function pruneStale(dir, keep) {
  const cutoff = Date.now() - 3_600_000;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const original = file.replace(/\.(br|gz)$/, '');
    if (!entry.isFile() || keep.has(original) || original.endsWith('maplibre-gl-worker.mjs')) continue;
    if (fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file);
  }
}
