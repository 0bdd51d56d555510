import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImportOptions, ParsedFile } from '../../../server/import/importer.js';
import type { GenotypeHeader } from '../import/genotype-source.js';
import type { MarkerPosition } from '../import/genotype-stage.js';
import { openFrequencies } from './import-check.js';
import { allelefreqFolder, FrequencyFileWriter } from './frequency-file.js';

/** What the staged frequency file holds, for the database part of the import. */
export interface StagedFrequencies {
  /** The file's name under the allele-frequency folder (datasets.source_file). */
  fileName: string;
  path: string;
  header: GenotypeHeader;
  germplasm: string[];
  markers: string[];
  /** Positions by marker index, from the file's map rows; absent where it has none. */
  positions: Map<number, MarkerPosition>;
}

/**
 * Writes the checked upload into a new frequency file before the write transaction opens (on SQLite that
 * transaction holds the one write lock): header and map lines dropped, germplasm and frequencies as written.
 * A failure removes the file again.
 */
export async function stageFrequencies(file: ParsedFile, options: ImportOptions): Promise<StagedFrequencies> {
  if (!options.dataDir) throw new Error('An allele frequency import needs DATA_DIR to keep its file.');
  const folder = allelefreqFolder(options.dataDir);
  fs.mkdirSync(folder, { recursive: true });
  const fileName = `${randomUUID()}.txt`;
  const target = path.join(folder, fileName);
  const reader = await openFrequencies(file, options);
  const { header } = reader;
  const germplasm: string[] = [];
  let writer: FrequencyFileWriter | null = null;
  try {
    writer = new FrequencyFileWriter(target, header.columns);
    for await (const record of reader.records()) {
      if (germplasm.length % 1000 === 0) options.signal?.throwIfAborted();
      germplasm.push(record.name);
      writer.line(record.name, record.calls);
    }
    // The check passed, so a problem here means the file changed in between: nothing may be kept.
    if (reader.issues.some((i) => i.type === 'ERROR')) throw new Error(`The file changed after it was checked: ${reader.issues[0].message}`);
    writer.finish();
  } catch (error) {
    writer?.abort();
    throw error;
  } finally {
    await reader.close();
  }
  const positions = new Map<number, MarkerPosition>();
  header.columns.forEach((_, index) => {
    const chromosome = header.chromosomes?.[index];
    const position = header.positions?.[index];
    if (chromosome && position !== null && position !== undefined) positions.set(index, { chromosome, position });
  });
  return { fileName, path: target, header, germplasm, markers: header.columns, positions };
}
