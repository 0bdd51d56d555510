import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { ImportIssue } from '../../src/server/import/importer.js';
import type { GenotypeReader, GenotypeRecord } from '../../src/plugins/genotypes/import/genotype-source.js';
import { openGenotypeFile, type GenotypeFileOptions } from '../../src/plugins/genotypes/import/readers/open.js';

/** A reader read to its end: what it yielded and the issues it reported (header and records). */
export interface ReadResult {
  reader: GenotypeReader;
  records: GenotypeRecord[];
  issues: ImportIssue[];
}

export interface GenotypeScratch {
  /** Writes a new file whose name ends with `name` (the readers choose by extension); its path. */
  write(name: string, content: string | Buffer): string;
  /** Writes `content` as `name` and reads it with the reader its name (and `options`) choose. */
  read(content: string, name: string, options?: Partial<GenotypeFileOptions>): Promise<ReadResult>;
}

/** A scratch directory for one test file's small genotype files, removed after its tests. */
export function genotypeScratch(prefix: string): GenotypeScratch {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  let files = 0;

  function write(name: string, content: string | Buffer): string {
    files += 1;
    const file = path.join(dir, `${files}-${name}`);
    fs.writeFileSync(file, content);
    return file;
  }

  async function read(content: string, name: string, options: Partial<GenotypeFileOptions> = {}): Promise<ReadResult> {
    return collect(await openGenotypeFile(write(name, content), { extension: name, ...options }));
  }

  return { write, read };
}

/** Rows as tab-separated lines, each ended by a line end. */
export const tsv = (rows: string[][]) => `${rows.map((cells) => cells.join('\t')).join('\n')}\n`;

/** Reads every record, then closes the reader. */
export async function collect(reader: GenotypeReader): Promise<ReadResult> {
  const records: GenotypeRecord[] = [];
  for await (const record of reader.records()) records.push(record);
  await reader.close();
  return { reader, records, issues: reader.issues };
}

/** Each issue as [status, line, column, value]: what a check's test compares. */
export const where = (issues: ImportIssue[]) => issues.map((i) => [i.status, i.rowIndex, i.column, i.value]);
