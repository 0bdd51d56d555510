import DOMPurify from 'dompurify';
import { Marked } from 'marked';

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

// Our own instance, so options set here never reach the copy the data grid renders its cells with.
// Synchronous (async: false) because the widget renders in one pass; marked no longer writes heading
// ids, so ids made from user text cannot collide with the page's own.
const markdown = new Marked({ gfm: true, breaks: true, async: false });

export function renderMarkdown(text: string): string {
  return sanitiseHtml(markdown.parse(text, { async: false }));
}
