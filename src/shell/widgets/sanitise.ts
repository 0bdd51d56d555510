import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Text an administrator or a user wrote (settings texts, comments, feedback) as safe HTML: markdown
 * rendered by marked, then DOMPurify removes scripts, event handlers, javascript: and data: links,
 * styles and forms. Never render such text any other way.
 */

const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'];
let hooked = false;

function purifier(): typeof DOMPurify {
  if (!hooked) {
    hooked = true;
    // Links leave in a new tab without handing the opener to the other site.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return DOMPurify;
}

export function sanitiseHtml(html: string): string {
  return purifier().sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style'], ALLOW_DATA_ATTR: false });
}

export function renderMarkdown(text: string): string {
  // headerIds off: ids made from user text could collide with the page's own.
  return sanitiseHtml(marked.parse(text, { gfm: true, breaks: true, headerIds: false, mangle: false }));
}
