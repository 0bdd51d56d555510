import { useEffect, useState } from 'react';
import type { ApiClient, ErrorHandler } from '../../../core/api-client.js';
import type { Filter } from '../../../core/table-request.js';
import type { GermplasmRow } from '../columns.js';
import { resolveFilters } from '../passport-data.js';

/** The row shapes of the passport's calls (the keys it reads, as Germinate's views name them). */
export interface Institution {
  institutionId: number;
  institutionName?: string;
  institutionCode?: string;
  institutionType?: string;
  countryName?: string;
  countryCode?: string;
}
export interface Attribute {
  attributeValueId: number;
  attributeName?: string;
  attributeDescription?: string;
  attributeValue?: string;
}
export interface GroupRow {
  groupId: number;
  groupName?: string;
  groupDescription?: string;
  groupVisibility?: boolean;
  count?: number | { value: number };
}
export interface EntityPair {
  entityParentId: number;
  entityParentName?: string;
  entityParentType?: string;
  entityChildId: number;
  entityChildName?: string;
  entityChildType?: string;
}
export interface ImageRow {
  imageId: number;
  imageDescription?: string;
  imageIsReference?: boolean;
  referenceName?: string;
}
export interface LinkRow {
  linkId: number;
  linkDescription?: string;
  linktypeDescription?: string;
  hyperlink?: string;
}
export interface PublicationRow {
  publicationId: number;
  publicationDoi?: string;
  publicationFallbackCache?: string;
}

export interface PassportData {
  /** undefined while loading, null when no germplasm matches. */
  row: GermplasmRow | null | undefined;
  mcpd: Record<string, unknown> | null;
  institutions: Institution[];
  attributes: Attribute[];
  groups: GroupRow[];
  entities: EntityPair[];
  /** null: the server has no such call (or refused it); the section is left out. */
  images: ImageRow[] | null;
  links: LinkRow[] | null;
  publications: PublicationRow[] | null;
}

const EMPTY: Omit<PassportData, 'row'> = { mcpd: null, institutions: [], attributes: [], groups: [], entities: [], images: null, links: null, publications: null };
/** Sections that other servers may not have: their failures are quiet (the section is left out). */
const QUIET: ErrorHandler[] = [{ codes: [], callback: () => undefined }];
const LIMIT = 500;

/** Reads everything the passport shows of the germplasm the route names (an id, or a name / PUID). */
export function usePassport(api: ApiClient, param: string, onFound: (id: number) => void): PassportData {
  const [data, setData] = useState<PassportData>({ row: undefined, ...EMPTY });

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    const set = (patch: Partial<PassportData>) => {
      if (!signal.aborted) setData((old) => ({ ...old, ...patch }));
    };
    setData({ row: undefined, ...EMPTY });
    api
      .table<GermplasmRow>('germplasm/table', { page: 1, limit: 1, filter: resolveFilters(param) }, { signal })
      .then((result) => {
        const row = result.data[0] ?? null;
        set({ row });
        if (!row) return;
        const id = row.germplasmId;
        onFound(id);
        const byId: Filter[] = [{ column: 'germplasmId', comparator: 'equals', values: [id] }];
        const quietly = { signal, handlers: QUIET };
        api.get<Record<string, unknown> | null>(`germplasm/${id}/mcpd`, { signal }).then((m) => set({ mcpd: m ?? null }), () => {});
        api.table<Institution>(`germplasm/${id}/institution/table`, { page: 1, limit: 100 }, { signal }).then((r) => set({ institutions: r.data }), () => {});
        api.table<Attribute>('germplasm/attribute', { page: 1, limit: LIMIT, filter: byId }, { signal }).then((r) => set({ attributes: r.data }), () => {});
        api.table<GroupRow>(`germplasm/${id}/group`, { page: 1, limit: LIMIT }, quietly).then((r) => set({ groups: r.data }), () => {});
        api
          .table<EntityPair>(
            'entity/table',
            {
              page: 1,
              limit: LIMIT,
              filter: [
                { column: 'entityParentId', comparator: 'equals', operator: 'or', values: [id] },
                { column: 'entityChildId', comparator: 'equals', operator: 'or', values: [id] },
              ],
            },
            quietly,
          )
          .then((r) => set({ entities: r.data }), () => {});
        api
          .table<ImageRow>(
            'image/table',
            {
              page: 1,
              limit: 100,
              filter: [
                { column: 'imageRefTable', comparator: 'equals', values: ['germinatebase'] },
                { column: 'imageForeignId', comparator: 'equals', operator: 'and', values: [id] },
              ],
            },
            quietly,
          )
          .then((r) => set({ images: r.data }), () => {});
        api.post<LinkRow[]>('link/table', { body: { targetTable: 'germinatebase', foreignId: id }, ...quietly }).then((r) => set({ links: Array.isArray(r) ? r : null }), () => {});
        api.get<PublicationRow[]>(`publicationtype/germplasm/${id}`, quietly).then((r) => set({ publications: Array.isArray(r) ? r : null }), () => {});
      })
      .catch(() => {});
    return () => controller.abort();
    // onFound is called once per germplasm found; a new function each render must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, param]);

  return data;
}

/** Images with the main (reference) image first, else in the server's order. */
export function mainImageFirst(images: readonly ImageRow[]): ImageRow[] {
  return [...images].sort((a, b) => Number(b.imageIsReference === true) - Number(a.imageIsReference === true));
}
