import { sanitiseHtml } from '../../../shell/widgets/sanitise.js';

/**
 * Prints a licence on its own (Germinate's "print license"): the shell's print view shows the focused
 * pane and hides open dialogs, so the licence goes into a hidden frame of its own, printed from there.
 * Only sanitised HTML enters the frame, and the frame runs no script.
 */
export function printLicence(title: string, html: string, documentRef: Document = document): void {
  const frame = documentRef.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('tabindex', '-1');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  documentRef.body.appendChild(frame);
  const view = frame.contentWindow;
  const doc = frame.contentDocument;
  if (!view || !doc) {
    frame.remove();
    return;
  }
  const heading = doc.createElement('h1');
  heading.textContent = title;
  const body = doc.createElement('div');
  body.innerHTML = sanitiseHtml(html);
  doc.title = title;
  doc.body.append(heading, body);
  // The frame goes once the print dialog closes (print() blocks until then in most browsers).
  view.addEventListener('afterprint', () => frame.remove(), { once: true });
  view.focus();
  view.print();
  setTimeout(() => frame.isConnected && frame.remove(), 60_000);
}
