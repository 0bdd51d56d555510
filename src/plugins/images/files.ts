import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { THUMBNAIL_SIZE } from './import/image-write.js';

/** The folders under DATA_DIR/images that `image/src` serves. */
export const IMAGE_SOURCE_TYPES = ['climate', 'database', 'news', 'template', 'mapoverlay', 'storysteps', 'projects'] as const;
export type ImageSourceType = (typeof IMAGE_SOURCE_TYPES)[number];

export const isImageSourceType = (value: unknown): value is ImageSourceType => IMAGE_SOURCE_TYPES.includes(value as ImageSourceType);

/**
 * A file under DATA_DIR/images/<type>/, or null when the name escapes that folder (`..`, absolute paths).
 * `name` may hold a sub-path (`upload/x.jpg`), as image rows store it.
 */
export function imageFile(dataDir: string, type: ImageSourceType, name: string): string | null {
  const folder = path.resolve(dataDir, 'images', type);
  const file = path.resolve(folder, name);
  return file.startsWith(folder + path.sep) ? file : null;
}

/**
 * Where a file's thumbnail lives: beside it as `thumbnail-<name>` for a file at the folder's top, and in
 * `thumbnail-<folder>/` for one in a sub-folder (`upload/x.jpg` → `thumbnail-upload/x.jpg`), the layout the
 * images importer writes.
 */
export function thumbnailFile(dataDir: string, type: ImageSourceType, name: string): string | null {
  const parts = name.split(/[\\/]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const thumbnail = parts.length === 1 ? [`thumbnail-${parts[0]}`] : [`thumbnail-${parts[0]}`, ...parts.slice(1)];
  return imageFile(dataDir, type, thumbnail.join('/'));
}

const CONTENT_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.svg': 'image/svg+xml' };

/** Content type from the extension, as Germinate answers (anything else: `image/*`). */
export const contentType = (file: string): string => CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'image/*';

/** Thumbnails being written, by file: two requests for the same new thumbnail wait for one write. */
const writing = new Map<string, Promise<void>>();

/**
 * The file to send for a request: the original for `size=large` (or none) and for SVG; else its thumbnail
 * (longest side THUMBNAIL_SIZE, upright by its EXIF orientation), written on first request and kept.
 * A file sharp cannot read is sent as it is. Null when the original is missing.
 */
export async function fileToSend(dataDir: string, type: ImageSourceType, name: string, size: string | undefined): Promise<string | null> {
  const original = imageFile(dataDir, type, name);
  if (!original || !fs.existsSync(original) || !fs.statSync(original).isFile()) return null;
  if (size === undefined || size === '' || size === 'large' || path.extname(original).toLowerCase() === '.svg') return original;
  const thumbnail = thumbnailFile(dataDir, type, name);
  if (!thumbnail) return original;
  if (fs.existsSync(thumbnail)) return thumbnail;
  let pending = writing.get(thumbnail);
  if (!pending) {
    pending = writeThumbnail(original, thumbnail).finally(() => writing.delete(thumbnail));
    writing.set(thumbnail, pending);
  }
  try {
    await pending;
    return thumbnail;
  } catch {
    return original;
  }
}

async function writeThumbnail(original: string, thumbnail: string): Promise<void> {
  const content = await sharp(original).rotate().resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true }).toBuffer();
  fs.mkdirSync(path.dirname(thumbnail), { recursive: true });
  // Written aside and renamed, so another process never sends half a thumbnail.
  const temporary = `${thumbnail}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, thumbnail);
}

/** Removes an image of the database folder and its thumbnail (a missing file is no error). */
export function removeImageFiles(dataDir: string, name: string): void {
  for (const file of [imageFile(dataDir, 'database', name), thumbnailFile(dataDir, 'database', name)]) {
    if (file) fs.rmSync(file, { force: true });
  }
}
