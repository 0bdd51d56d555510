import { useEffect, useState } from 'react';
import type { ApiClient } from '../../../core/api-client.js';
import type { SearchSection } from '../sections.js';
import { sectionFilters } from '../state.js';

/** A section's count: a number, 'missing' when the server has no such table, null while asked. */
export type SectionCount = number | 'missing' | null;

/**
 * The number of rows each section's table finds for the term, asked all at once (one row each, with the
 * count). A new term or type aborts the questions of the old, so a late answer never shows under the new.
 */
export function useSectionCounts(api: ApiClient, term: string | null, sections: readonly SearchSection[]): Record<string, SectionCount> {
  const [counts, setCounts] = useState<{ key: string; counts: Record<string, SectionCount> }>({ key: '', counts: {} });
  const key = JSON.stringify([term, sections.map((s) => s.id)]);
  useEffect(() => {
    if (term === null) return;
    const controller = new AbortController();
    const set = (id: string, value: SectionCount) => {
      if (!controller.signal.aborted) setCounts((old) => ({ key, counts: { ...(old.key === key ? old.counts : {}), [id]: value } }));
    };
    for (const section of sections) {
      api
        .table(section.declaration.path, { page: 1, limit: 1, prevCount: -1, filter: sectionFilters(term, section) }, {
          signal: controller.signal,
          // A table this server does not have (404) is listed as such, without an error toast.
          handlers: [{ codes: [404], callback: () => set(section.id, 'missing') }],
        })
        .then((result) => set(section.id, result.count))
        .catch(() => undefined);
    }
    return () => controller.abort();
    // Keyed by the term and the sections' ids (key), not by the arrays' identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key]);
  return counts.key === key ? counts.counts : {};
}
