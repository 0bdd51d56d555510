/**
 * The drop-file box of group upload, the same on both sides: a .txt file of at most this many bytes (far more
 * than a list of thousands of names takes). The server keeps what it matched in DATA_DIR/temp under a name of
 * this form, which the upload page's route carries (`/groups/upload/<file>`).
 */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export const UPLOAD_EXTENSION = '.txt';

/** The server's name (`<uuid>.txt`, as Germinate answers) or the page's (`<uuid>`: a path ending in .txt is a static file to the web server). */
export const UPLOAD_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.txt)?$/;

/** The page's name of an upload: without the extension. */
export const uploadPageName = (file: string) => file.replace(/\.txt$/, '');

/** Whether a picked file may be sent: its name ends in .txt (any case). */
export function isUploadName(name: string): boolean {
  return name.toLowerCase().endsWith(UPLOAD_EXTENSION);
}
