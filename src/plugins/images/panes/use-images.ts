import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../shell/pane-api.js';
import { stateFilters, type ImagesState } from '../columns.js';
import type { ImageRow, ImageTag } from '../schema.js';

/** Thumbnails per gallery page. */
export const GALLERY_PAGE_SIZE = 24;

export interface ImagesPage {
  rows: ImageRow[] | null;
  count: number;
  tags: ImageTag[];
  error: boolean;
  /** Reads the page and the tags again (after an edit or a delete). */
  reload(): void;
}

/** The gallery's page of images for the pane state, and the tags its chips offer (of the shown type). */
export function useImagesPage(state: ImagesState): ImagesPage {
  const { api } = useServices();
  const [rows, setRows] = useState<ImageRow[] | null>(null);
  const [count, setCount] = useState(0);
  const [tags, setTags] = useState<ImageTag[]>([]);
  const [error, setError] = useState(false);
  const [generation, setGeneration] = useState(0);
  const filterText = JSON.stringify(stateFilters(state));
  const page = state.page ?? 1;

  useEffect(() => {
    const abort = new AbortController();
    setError(false);
    api
      .table<ImageRow>('image/table', { page, limit: GALLERY_PAGE_SIZE, orderBy: 'imageId', ascending: 1, filter: JSON.parse(filterText) as never }, { signal: abort.signal })
      .then((result) => {
        setRows(result.data);
        setCount(result.count);
      })
      .catch(() => {
        if (!abort.signal.aborted) setError(true);
      });
    return () => abort.abort();
  }, [api, page, filterText, generation]);

  useEffect(() => {
    const abort = new AbortController();
    api
      .get<{ data: ImageTag[] }>(state.ref ? `imagetag/${state.ref}` : 'imagetag', { signal: abort.signal })
      .then((result) => setTags(result.data))
      .catch(() => undefined);
    return () => abort.abort();
  }, [api, state.ref, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { rows, count, tags, error, reload };
}
