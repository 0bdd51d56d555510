import type { KeyboardEvent } from 'react';

/**
 * Enter on a focused button, link or summary must press it. The shell binds Enter (open passport) on
 * window and prevents the default of every bound key, so such an Enter is kept from reaching window.
 * Put on a pane's root as onKeyDown.
 */
export function keepEnterOnControls(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter') return;
  const target = event.target;
  if (target instanceof HTMLElement && target.closest('button, a[href], summary, select, [role="button"]')) {
    event.stopPropagation();
  }
}
