import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImportOptions, ParsedFile } from '../../../server/import/importer.js';
import { MatrixWriter } from '../storage/matrix-writer.js';
import { openUpload } from './genotype-check.js';
import type { GenotypeHeader } from './genotype-source.js';
import { MarkerPlaces } from './marker-places.js';

/** Where genotype matrix files live, under DATA_DIR (the datasets domain finds them there by source_file). */
export const genotypeFolder = (dataDir: string) => path.join(dataDir, 'data', 'genotypes');

/** A new file's name (a random UUID with the extension) and path in `folder`, which is created if need be. */
export function newStagedFile(folder: string, extension: string): { fileName: string; path: string } {
  fs.mkdirSync(folder, { recursive: true });
  const fileName = `${randomUUID()}${extension}`;
  return { fileName, path: path.join(folder, fileName) };
}

/** The places a germplasm-rows header gives its marker columns (chromosome and position both given), by column. */
export function headerPositions(header: GenotypeHeader): MarkerPlaces {
  const places = new MarkerPlaces();
  header.columns.forEach((_, index) => {
    const chromosome = header.chromosomes?.[index];
    const position = header.positions?.[index];
    if (chromosome && position !== null && position !== undefined) places.add(index, chromosome, position);
  });
  return places;
}

/** What a staged genotype or allele-frequency file holds, for the database part of its import. */
export interface StagedFile {
  /** The file's name in its folder (datasets.source_file). */
  fileName: string;
  path: string;
  header: GenotypeHeader;
  germplasm: string[];
  markers: string[];
  /** Places by marker index; absent where the file has none. */
  positions: MarkerPlaces;
}

/** What the staged matrix holds: its file, and how many calls (cells) it has. */
export interface StagedMatrix extends StagedFile {
  calls: number;
}

/**
 * Writes the file's calls into a new matrix file before the write transaction opens (it is the slow part,
 * and on SQLite the transaction holds the one write lock). Positions come from the header rows of a
 * germplasm-rows file or from each record of a marker-rows file.
 */
export async function stageMatrix(file: ParsedFile, options: ImportOptions): Promise<StagedMatrix> {
  if (!options.dataDir) throw new Error('A genotype import needs DATA_DIR to keep its matrix file.');
  const { fileName, path: target } = newStagedFile(genotypeFolder(options.dataDir), '.gtm');
  const reader = await openUpload(file, options);
  const { header } = reader;
  const writer = new MatrixWriter(target, { orientation: header.orientation, columns: header.columns });
  const germplasmRows = header.orientation === 'germplasm-rows';
  // Marker-rows files give each marker's position with its record; germplasm-rows files, in their header.
  const positions = germplasmRows ? headerPositions(header) : new MarkerPlaces();
  const recordNames: string[] = [];
  try {
    for await (const record of reader.records()) {
      if (recordNames.length % 1000 === 0) options.signal?.throwIfAborted();
      if (!germplasmRows && record.chromosome && record.position !== null && record.position !== undefined) {
        positions.add(recordNames.length, record.chromosome, record.position);
      }
      recordNames.push(record.name);
      writer.add(record.name, record.calls);
    }
    writer.finish();
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    await reader.close();
  }
  return {
    fileName,
    path: target,
    header,
    germplasm: germplasmRows ? recordNames : header.columns,
    markers: germplasmRows ? header.columns : recordNames,
    positions,
    calls: recordNames.length * header.columns.length,
  };
}
