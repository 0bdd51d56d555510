import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateAll } from '../app.js';
import { ConfigError, readConfig, type ServerConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { runImport, UnknownImportTypeError } from '../import/pipeline.js';
import { formatReport } from '../import/report.js';
import { serverPlugins } from '../../plugins/server.js';

// Bundled to dist/server/import.mjs: the repository root is two levels up, as for the server.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const EXIT = { ok: 0, rejected: 1, usage: 2, failed: 3 } as const;

const USAGE = `Usage: npm run import -- FILE [--type TYPE] [--check-only] [--update] [--dataset-state N] [--target-dataset ID] [--markers-as-rows]

Checks a Germinate template (.xlsx, .txt, .tsv, .csv; .zip for images, shapefiles and GeoTIFFs; .vcf, .hapmap, .dat, .map for genotypes) and imports it into the database the server uses
(DATABASE_URL, or the SQLite file in DATA_DIR, default ./data).

  --type TYPE    template type (default: mcpd); one of: TYPES
  --check-only   report problems, write nothing
  --update       update existing records instead of adding new ones
  --dataset-state N   state of the datasets the import creates: 1 public (default), 2 private, 3 hidden
  --target-dataset ID existing dataset the file adds to (e.g. a trial's shapefile)
  --markers-as-rows   a genotype workbook with markers as rows (GENOTYPE_MARKER_BY_GERMPLASM)
  --create-germplasm  genotypes and allele frequencies: create the germplasm the file names but the database
                      lacks (name only; complete them with an MCPD update) instead of rejecting the file

Exit status: 0 checked or imported, 1 the file was rejected, 2 usage or configuration error,
3 the import failed unexpectedly (nothing was written).`;

interface Arguments {
  file: string;
  type: string;
  checkOnly: boolean;
  update: boolean;
  datasetStateId: number;
  targetDatasetId: number | null;
  markersAsRows: boolean;
  createGermplasm: boolean;
}

class UsageError extends Error {}

function parseArguments(args: string[]): Arguments | 'help' {
  const files: string[] = [];
  let type = 'mcpd';
  let checkOnly = false;
  let update = false;
  let datasetStateId = 1;
  let targetDatasetId: number | null = null;
  let markersAsRows = false;
  let createGermplasm = false;
  const numberOption = (name: string, i: number): [number, number] => {
    const arg = args[i];
    const value = arg === name ? args[i + 1] : arg.slice(name.length + 1);
    if (!value || !/^\d+$/.test(value)) throw new UsageError(`${name} needs a whole number`);
    return [Number(value), arg === name ? i + 1 : i];
  };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--') {
      files.push(...args.slice(i + 1));
      break;
    }
    if (arg === '--help' || arg === '-h') return 'help';
    if (arg === '--check-only') checkOnly = true;
    else if (arg === '--update') update = true;
    else if (arg === '--markers-as-rows') markersAsRows = true;
    else if (arg === '--create-germplasm') createGermplasm = true;
    else if (arg === '--dataset-state' || arg.startsWith('--dataset-state=')) {
      [datasetStateId, i] = numberOption('--dataset-state', i);
      if (![1, 2, 3].includes(datasetStateId)) throw new UsageError('--dataset-state must be 1, 2 or 3');
    } else if (arg === '--target-dataset' || arg.startsWith('--target-dataset=')) [targetDatasetId, i] = numberOption('--target-dataset', i);
    else if (arg === '--type' || arg.startsWith('--type=')) {
      const value = arg === '--type' ? args[(i += 1)] : arg.slice('--type='.length);
      if (!value || value.startsWith('-')) throw new UsageError('--type needs a value');
      type = value;
    } else if (arg.startsWith('-')) throw new UsageError(`Unknown option: ${arg}`);
    else files.push(arg);
  }
  if (files.length === 0) throw new UsageError('No file given');
  if (files.length > 1) throw new UsageError(`One file at a time (got ${files.length})`);
  return { file: files[0], type, checkOnly, update, datasetStateId, targetDatasetId, markersAsRows, createGermplasm };
}

async function main(): Promise<number> {
  const importers = serverPlugins.flatMap((plugin) => plugin.importers ?? []);
  const types = importers.map((importer) => importer.type);
  const usage = USAGE.replace('TYPES', types.join(', ') || '(none)');
  let args: Arguments | 'help';
  try {
    args = parseArguments(process.argv.slice(2));
    if (args !== 'help' && !types.includes(args.type)) throw new UsageError(`Unknown type "${args.type}"`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    return EXIT.usage;
  }
  if (args === 'help') {
    console.log(usage);
    return EXIT.ok;
  }

  let config: ServerConfig;
  try {
    config = readConfig(process.env, root);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    return EXIT.usage;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, schema: config.databaseSchema });
  try {
    await migrateAll(database, serverPlugins);
    const result = await runImport(
      database,
      importers,
      { file: path.resolve(args.file), originalName: path.basename(args.file), type: args.type, update: args.update, checkOnly: args.checkOnly },
      {
        maxBytes: config.maxUploadBytes,
        now: new Date(),
        datasetStateId: args.datasetStateId,
        targetDatasetId: args.targetDatasetId,
        dataOrientation: args.markersAsRows ? 'GENOTYPE_MARKER_BY_GERMPLASM' : null,
        createGermplasm: args.createGermplasm,
        userId: null,
        dataDir: config.dataDir,
      },
    );
    console.log(formatReport(result, args.file));
    return result.status === 'rejected' ? EXIT.rejected : EXIT.ok;
  } catch (error) {
    if (error instanceof UnknownImportTypeError) {
      console.error(`${error.message}\n\n${usage}`);
      return EXIT.usage;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Unexpected: the message is for the user, the stack only when asked for (DEBUG=1).
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Import failed: ${message}`);
    if (process.env.DEBUG && error instanceof Error) console.error(error.stack);
    process.exit(EXIT.failed);
  },
);
