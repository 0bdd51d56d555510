import type { ImportOptions, ParsedFile } from '../../../server/import/importer.js';
import { headerPositions, newStagedFile, type StagedFile } from '../import/genotype-stage.js';
import { openFrequencies } from './import-check.js';
import { allelefreqFolder, FrequencyFileWriter } from './frequency-file.js';

/**
 * Writes the checked upload into a new frequency file before the write transaction opens (on SQLite that
 * transaction holds the one write lock): header and map lines dropped, germplasm and frequencies as written.
 * A failure removes the file again.
 */
export async function stageFrequencies(file: ParsedFile, options: ImportOptions): Promise<StagedFile> {
  if (!options.dataDir) throw new Error('An allele frequency import needs DATA_DIR to keep its file.');
  const { fileName, path: target } = newStagedFile(allelefreqFolder(options.dataDir), '.txt');
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
  return { fileName, path: target, header, germplasm, markers: header.columns, positions: headerPositions(header) };
}
