import useSWR from 'swr';
import type { Filter } from '../../../core/table-request.js';
import { useServices } from '../../pane-api.js';
import type { MapPlace } from './place-layers.js';

/** At most this many places are drawn from one table; the count of the rest is shown (the table has them all). */
export const MAP_PLACE_LIMIT = 20_000;

/**
 * The places a table's rows stand for, read with the table's own filters (so map and table show the same
 * items): one request of up to MAP_PLACE_LIMIT rows; rows without coordinates are left out.
 */
export function useMapPlaces<R extends Record<string, unknown>>(
  path: string | null,
  body: Record<string, unknown> | undefined,
  filters: readonly Filter[],
  toPlace: (row: R) => MapPlace | null,
): { places: MapPlace[]; total: number; loading: boolean; failed: boolean } {
  const { api } = useServices();
  const key = path === null ? null : ['map-places', path, JSON.stringify(body ?? {}), JSON.stringify(filters)];
  const read = useSWR(
    key,
    async () => {
      const page = await api.table<R>(path as string, { ...body, page: 1, limit: MAP_PLACE_LIMIT, prevCount: -1, filter: filters.length > 0 ? [...filters] : null });
      const places: MapPlace[] = [];
      for (const row of page.data) {
        const place = toPlace(row);
        if (place && Number.isFinite(place.latitude) && Number.isFinite(place.longitude)) places.push(place);
      }
      return { places, total: page.count };
    },
    { revalidateOnFocus: false, keepPreviousData: true, shouldRetryOnError: false },
  );
  return { places: read.data?.places ?? NONE, total: read.data?.total ?? 0, loading: read.isLoading, failed: read.error !== undefined };
}

const NONE: MapPlace[] = [];

/** A number from a row's cell (the server sends decimals as numbers or strings), or NaN. */
export const coordinate = (value: unknown): number => (value === null || value === undefined || value === '' ? Number.NaN : Number(value));
