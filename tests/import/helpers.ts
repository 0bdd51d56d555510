import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { ImportFileError } from '../../src/server/import/read-file.js';

/** A scratch directory per test file; `remove()` in afterAll. */
export function scratchDir(): { dir: string; file(name: string, content: string | Uint8Array): string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-import-'));
  return {
    dir,
    file(name, content) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Awaits a promise that must fail with an ImportFileError of the given status; returns that error. */
export async function expectFileError(promise: Promise<unknown>, status: string): Promise<ImportFileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  const fileError = error as ImportFileError;
  expect(fileError.issue.status).toBe(status);
  expect(fileError.issue).toMatchObject({ type: 'ERROR', rowIndex: -1, sheet: null, messageKey: `importStatus.${status}` });
  return fileError;
}

export const MCPD_XLSX = '/work/shared/data/germinate-templates/germplasm/example-germplasm-mcpd.xlsx';
export const PASSPORT_TSV = '/work/shared/data/genesys-passport-cwr/passport_mcpd.tsv';
export const MB = 1024 * 1024;
