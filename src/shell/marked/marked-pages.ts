import type { CommandSpec } from '../../core/contracts.js';
import type { MarkableType } from '../../core/marked-items.js';
import type { Registry } from '../../core/registry.js';
import { paneFocused } from '../../core/when.js';

/**
 * The marked-items pages: Germinate's item types (`/marked-items/{itemType}`), each a page of the domain
 * that owns the type, found by its route so that the pages meet without importing each other.
 */
export const MARKED_PAGE_TYPES = ['germplasm', 'markers', 'locations'] as const satisfies readonly MarkableType[];
export type MarkedPageType = (typeof MARKED_PAGE_TYPES)[number];

export const isMarkedPageType = (value: string): value is MarkedPageType => (MARKED_PAGE_TYPES as readonly string[]).includes(value);

export const markedRoute = (type: MarkedPageType) => `/marked-items/${type}`;

/** The pane type that shows a type's marked items, if its domain is installed. */
export function markedPaneOf(registry: Registry, type: MarkedPageType): string | undefined {
  return registry.paneTypes().find((spec) => spec.route === markedRoute(type))?.id;
}

/** A domain's command that clears its marked items, enabled on its marked-items page. */
export function clearMarkedCommand(id: string, titleKey: string, type: MarkedPageType, paneType: string): CommandSpec {
  return {
    id,
    titleKey,
    when: paneFocused(paneType),
    run: (_args, context) => context.store.unmarkItems(type, [...context.store.state.markedIds[type]]),
  };
}
