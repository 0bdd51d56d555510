import fs from 'node:fs';
import path from 'node:path';

/** Where the files of one file resource type live: DATA_DIR/data/download/<typeId>/ (Germinate's layout). */
export function typeFolder(dataDir: string, typeId: number): string {
  return path.join(dataDir, 'data', 'download', String(typeId));
}

/** Uploads waiting for their PUT (step 2): DATA_DIR/temp, which the temp-file expiry empties. */
export function tempFolder(dataDir: string): string {
  return path.join(dataDir, 'temp');
}

/** A stored or temp file name as we write them: one plain name, never a path. */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,254}$/;

/** The file inside `folder` named `name`, or null when the name could leave the folder or is not one of ours. */
export function fileIn(folder: string, name: string | null): string | null {
  if (!name || !PLAIN_NAME.test(name) || name.includes('..')) return null;
  const file = path.resolve(folder, name);
  return path.dirname(file) === path.resolve(folder) ? file : null;
}

/** Whether a regular file is there (a missing or odd file is a 404, not a crash). */
export async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(file)).isFile();
  } catch {
    return false;
  }
}

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.h5': 'application/x-hdf5',
  '.hdf5': 'application/x-hdf5',
};

/** The Content-Type of a stored file by its extension; unknown ones are plain bytes. */
export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The download's file name as Germinate builds it: the resource's name reduced to [A-Za-z0-9-_.] plus the
 * stored file's extension (not added twice when the name already ends with it).
 */
export function downloadName(name: string, stored: string): string {
  const extension = path.extname(stored).toLowerCase().replace(/[^.a-z0-9]/g, '');
  const base = name.replace(/[^A-Za-z0-9\-_.]/g, '_').slice(0, 200) || 'file';
  return extension && !base.toLowerCase().endsWith(extension) ? `${base}${extension}` : base;
}
