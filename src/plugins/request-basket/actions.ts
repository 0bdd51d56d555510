import type { PluginServices } from '../../core/services.js';
import { MAX_BASKET_IDS, type ExportFormat, type Requester } from './schema.js';

export const PANE = { basket: 'request-basket:basket' } as const;

/**
 * The requester's name, email and purpose as typed in the open basket pane. Kept in memory only (never in
 * the URL or the stored client state): they are personal data that the request form needs once.
 */
let requester: Requester = {};

export function setRequester(next: Requester): void {
  requester = next;
}

/** The form's fields without blanks, so the cover sheet leaves untyped fields empty. */
function typedRequester(): Requester {
  return Object.fromEntries(Object.entries(requester).map(([key, value]) => [key, value?.trim() ?? '']).filter(([, value]) => value !== ''));
}

/**
 * Downloads the request form of the marked germplasm (all institutes, or the one of `institute`). Answers
 * false, with a toast, when nothing is marked; the API client toasts server errors itself.
 */
export async function exportBasket(services: Pick<PluginServices, 'api' | 'store' | 'toast'>, format: ExportFormat, institute?: string): Promise<boolean> {
  // As the pane shows: the first MAX_BASKET_IDS marked, the most one request takes.
  const germplasmIds = services.store.state.markedIds.germplasm.slice(0, MAX_BASKET_IDS);
  if (germplasmIds.length === 0) {
    services.toast({ titleKey: 'requestBasket.pane.title', messageKey: 'requestBasket.empty', variant: 'warning', autoHideMs: 5000, append: true });
    return false;
  }
  const file = await services.api.post('request-basket/export', { body: { germplasmIds, format, institute: institute ?? null, requester: typedRequester() }, raw: true });
  const { downloadFile } = await import('../../shell/table/download.js');
  downloadFile(file.blob, file.filename ?? `request.${format}`);
  return true;
}
