import fs from 'node:fs';
import { readDatasheet } from '../../../server/import/datasheet.js';
import type { ImportDb, ImportOptions, ImportStats, ParsedFile, StagedWrite } from '../../../server/import/importer.js';
import { datasheetPart } from './datasheet-part.js';
import type { GenotypeHeader } from './genotype-source.js';
import type { GenotypeNames } from './genotype-write.js';

/**
 * What the genotype and allele-frequency importers share: both read a workbook's datasheet once for check
 * and write, name the dataset from its METADATA or from the text file's header, stage their file before the
 * write transaction and remove it again when that write fails.
 */

const parts = new WeakMap<ParsedFile, Promise<ParsedFile>>();

/** The workbook's datasheet sheets, read once for check and write (null for the text formats). */
export function datasheetOf(file: ParsedFile): Promise<ParsedFile> | null {
  if (file.kind !== 'xlsx') return null;
  let part = parts.get(file);
  if (!part) {
    part = datasheetPart(file);
    parts.set(file, part);
  }
  return part;
}

/**
 * The dataset's, map's and marker technology's names: the workbook's METADATA, or what the text file's
 * header gives (read only for text files); the upload's base name and UNKNOWN where neither says.
 */
export async function datasetNames(file: ParsedFile, baseName: string, header: () => Promise<GenotypeHeader['meta']>): Promise<GenotypeNames> {
  const part = await datasheetOf(file);
  const metadata = part ? readDatasheet(part).metadata : null;
  const given: { [K in keyof GenotypeNames]?: string | null } = metadata
    ? { dataset: metadata.get('Title'), map: metadata.get('Map Name'), markerType: metadata.get('Marker Technology') }
    : await header();
  return { dataset: given.dataset ?? baseName, map: given.map ?? baseName, markerType: given.markerType ?? 'UNKNOWN' };
}

/** How one datatype stages its file and writes its dataset. */
export interface DatasetSteps<S extends { path: string }> {
  names(file: ParsedFile, options: ImportOptions): Promise<GenotypeNames>;
  /** Writes the staged file (outside the transaction). */
  stage(file: ParsedFile, options: ImportOptions): Promise<S>;
  /** The database part, in the pipeline's transaction. */
  write(staged: S, datasheet: ParsedFile | null, target: ImportDb, names: GenotypeNames, options: ImportOptions): Promise<ImportStats>;
}

/** Stages the upload's file; the write that follows can discard it. */
export async function stageDataset<S extends { path: string }>(file: ParsedFile, options: ImportOptions, steps: DatasetSteps<S>): Promise<StagedWrite> {
  const names = await steps.names(file, options);
  const staged = await steps.stage(file, options);
  const part = await datasheetOf(file);
  const write: StagedWrite = (db) => steps.write(staged, part, db, names, options);
  write.discard = () => fs.rmSync(staged.path, { force: true });
  return write;
}

/** An importer's write in one step: the staged write, whose file is discarded when it fails. */
export async function writeStaged(write: StagedWrite, target: ImportDb): Promise<ImportStats> {
  try {
    return await write(target);
  } catch (error) {
    await write.discard?.();
    throw error;
  }
}
