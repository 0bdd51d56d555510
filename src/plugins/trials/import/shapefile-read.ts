import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { read } from 'shapefile';
import { ImportFileError } from '../../../server/import/file-error.js';
import { issue, type ImportIssue } from '../../../server/import/importer.js';
import { checkDeclaredSizes, readZipDirectory, verifyMembers } from '../../../server/import/zip-guard.js';

/** A shapefile feature's layout attributes as text (numbers as written), null when empty or absent. */
export interface LayoutFeature {
  /** 1-based record number in the .dbf */
  record: number;
  germplasm: string | null;
  row: string | null;
  column: string | null;
}

export const REQUIRED_FIELDS = ['germplasm', 'row', 'column'] as const;
/** Shapefiles are small; the zip guard's limits are scaled from this so a layout never trips them. */
const ZIP_BASE_BYTES = 20 * 1024 * 1024;

/**
 * Opens the uploaded zip (after the zip guard's checks: no bombs, no hidden members) and reads the first
 * .shp with its .dbf. Returns the features, or the one issue that makes the archive unusable.
 */
export async function readLayout(zipPath: string): Promise<{ shp: string; fields: string[]; features: LayoutFeature[] } | { issue: ImportIssue }> {
  let members: Record<string, Uint8Array>;
  try {
    const directory = readZipDirectory(zipPath);
    checkDeclaredSizes(directory, Math.max(ZIP_BASE_BYTES, (await fs.promises.stat(zipPath)).size));
    await verifyMembers(zipPath, directory);
    const shp = directory.entries.map((e) => e.name).filter(isLayer('.shp')).sort()[0];
    if (shp === undefined) return { issue: issue('SHAPEFILE_MISSING_SHP', -1, { message: 'The zip holds no .shp file.' }) };
    const stem = shp.slice(0, -4).toLowerCase();
    const wanted = new Set([shp, ...directory.entries.map((e) => e.name).filter((n) => n.slice(0, -4).toLowerCase() === stem && n.toLowerCase().endsWith('.dbf'))]);
    members = unzipSync(await fs.promises.readFile(zipPath), { filter: (f) => wanted.has(f.name) });
  } catch (error) {
    if (error instanceof ImportFileError) {
      return { issue: { ...error.issue, message: error.issue.message.replace('Excel workbook (.xlsx)', 'zip archive').replace('The workbook', 'The archive') } };
    }
    return { issue: issue('GENERIC_CORRUPT_FILE', -1, { message: 'The file is not a valid zip archive.' }) };
  }
  const names = Object.keys(members);
  const shp = names.find(isLayer('.shp')) as string;
  const dbfName = names.find(isLayer('.dbf'));
  const dbf = dbfName === undefined ? undefined : members[dbfName];
  const fields = dbf ? dbfFields(dbf) : [];
  let collection;
  try {
    collection = await read(members[shp], dbf);
  } catch {
    return { issue: issue('GENERIC_CORRUPT_FILE', -1, { value: path.basename(shp), message: `The shapefile ${path.basename(shp)} cannot be read.` }) };
  }
  const features = collection.features.map((feature, i) => {
    const properties = (feature.properties ?? {}) as Record<string, unknown>;
    const text = (name: string) => {
      const value = properties[name];
      if (value === null || value === undefined) return null;
      const clean = String(value).trim();
      return clean === '' ? null : clean;
    };
    return { record: i + 1, germplasm: text('germplasm'), row: text('row'), column: text('column') };
  });
  return { shp: path.basename(shp), fields, features };
}

function isLayer(extension: string) {
  // macOS zips carry resource forks under __MACOSX/ with the same names: never layers.
  return (name: string) => name.toLowerCase().endsWith(extension) && !name.startsWith('__MACOSX/') && !path.basename(name).startsWith('._');
}

/** Field names from a dBase header: 32-byte descriptors from byte 32 until the 0x0D terminator. */
export function dbfFields(bytes: Uint8Array): string[] {
  const out: string[] = [];
  for (let p = 32; p + 32 <= bytes.length && bytes[p] !== 0x0d; p += 32) {
    let end = p;
    while (end < p + 11 && bytes[end] !== 0) end += 1;
    out.push(Buffer.from(bytes.subarray(p, end)).toString('latin1'));
  }
  return out;
}
