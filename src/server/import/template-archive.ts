import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { ImportFileError } from './file-error.js';
import { issue, type ImportIssue, type ParsedFile } from './importer.js';
import { readWorkbook } from './read-xlsx.js';
import { checkDeclaredSizes, readZipDirectory, verifyMembers } from './zip-guard.js';

/** A zip holding a template workbook and the files it lists (docs/import-templates.md: images, GeoTIFF overlays). */
export interface TemplateArchive {
  /** The template, parsed; null when the archive has none at its root. */
  template: ParsedFile | null;
  /** Files at the archive root other than the template, by exact name. */
  files: Map<string, Uint8Array>;
}

/** A problem with the archive itself: one issue, nothing else can be checked. */
export class ArchiveError extends Error {
  constructor(readonly issue: ImportIssue) {
    super(issue.message);
    this.name = 'ArchiveError';
  }
}

/**
 * Opens an uploaded zip whose template is `templateName` (exact name, at the root). The zip-bomb checks (zip-guard.ts) run on the directory and every member
 * before anything is unpacked; the unpacked total may be at most 20 times the archive (photos and
 * rasters hardly compress, so real archives stay near 1:1). Only the root level is read, as Germinate does; operating
 * system clutter (names starting with a dot, __MACOSX/) is ignored.
 */
export async function openTemplateArchive(file: string, templateName: string, signal?: AbortSignal): Promise<TemplateArchive> {
  let bytes: Buffer;
  try {
    const directory = readZipDirectory(file);
    checkDeclaredSizes(directory, fs.statSync(file).size);
    await verifyMembers(file, directory);
    signal?.throwIfAborted();
    bytes = await fs.promises.readFile(file);
  } catch (error) {
    if (error instanceof ImportFileError) {
      // The guard words its messages for workbooks; here the container is the zip.
      const message = error.issue.message
        .replace('The file is not a valid Excel workbook (.xlsx)', 'The file is not a valid zip archive')
        .replace('The workbook was refused', 'The zip archive was refused');
      throw new ArchiveError({ ...error.issue, message });
    }
    throw error;
  }
  const atRoot = (name: string) => !name.includes('/') && !name.includes('\\') && !name.startsWith('.') && name !== '';
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (f) => atRoot(f.name) });
  } catch {
    throw new ArchiveError(issue('GENERIC_CORRUPT_FILE', -1, { message: 'The file is not a valid zip archive: it cannot be unpacked.' }));
  }
  const files = new Map<string, Uint8Array>();
  let template: ParsedFile | null = null;
  for (const [name, content] of Object.entries(entries)) {
    if (name === templateName) template = await readTemplate(content, templateName);
    else files.set(name, content);
  }
  return { template, files };
}

/** The template is read by the shared workbook reader, which wants a file. */
async function readTemplate(content: Uint8Array, templateName: string): Promise<ParsedFile> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-template-'));
  try {
    const file = path.join(dir, templateName);
    fs.writeFileSync(file, content);
    try {
      return await readWorkbook(file, Math.max(content.length, 1024 * 1024));
    } catch (error) {
      if (error instanceof ImportFileError) {
        throw new ArchiveError({ ...error.issue, sheet: null, value: templateName, message: `${templateName}: ${error.issue.message}` });
      }
      throw error;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
