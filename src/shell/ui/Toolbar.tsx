import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A row of controls with one Tab stop inside it as far as the arrow keys go (WAI-ARIA toolbar):
 * Left/Right move between its buttons, Home/End to the first and last. Tab still reaches every
 * button, so nobody has to know the arrow keys.
 */
export function Toolbar(props: { label: string; className?: string; children: ReactNode }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)'));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const last = buttons.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    // The pane would otherwise scroll or move its cursor on the same keys.
    event.stopPropagation();
    buttons[next]?.focus();
  };
  return (
    <div role="toolbar" aria-label={props.label} className={props.className ? `ui-toolbar ${props.className}` : 'ui-toolbar'} onKeyDown={onKeyDown}>
      {props.children}
    </div>
  );
}
