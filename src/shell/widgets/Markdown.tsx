import { useMemo } from 'react';
import { renderMarkdown, sanitiseHtml } from './sanitise.js';

/**
 * Markdown (or, with `html`, HTML) that someone typed, rendered sanitised. The only place in the shell
 * that sets innerHTML, and only with DOMPurify's output.
 */
export function Markdown(props: { text: string; html?: boolean; className?: string }) {
  const { text, html } = props;
  const safe = useMemo(() => (html ? sanitiseHtml(text) : renderMarkdown(text)), [text, html]);
  return <div className={props.className ? `markdown ${props.className}` : 'markdown'} dangerouslySetInnerHTML={{ __html: safe }} />;
}
