/** Saves a file the server sent (an export) under its name, as a link the browser downloads. */
export function downloadFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The download has started by then; the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
