/**
 * Adds a stylesheet to the document once. The build emits a lazy chunk's CSS as a separate file that
 * nothing loads (only the entry's CSS is linked from index.html), so widgets that need a library's
 * CSS bring it as text inside their own lazy chunk and insert it on first use.
 */
export function ensureStyle(id: string, css: string): void {
  if (typeof document === 'undefined' || document.querySelector(`style[data-style-id="${id}"]`)) return;
  const style = document.createElement('style');
  style.dataset.styleId = id;
  style.textContent = css;
  document.head.append(style);
}
