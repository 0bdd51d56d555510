import useSWR from 'swr';
import type { OverlayCorners } from '../../../../shell/widgets/map/overlay.js';
import { useServices } from '../../../../shell/pane-api.js';

/** A row of `mapoverlay/table` (ViewTableMapoverlays), the fields a map needs. */
export interface OverlayRow extends OverlayCorners, Record<string, unknown> {
  mapoverlayName?: string | null;
  mapoverlayDescription?: string | null;
  mapoverlaysIsLegend?: boolean | number | null;
  foreignId?: number | null;
  recordingDate?: string | null;
}

interface ClimateRow extends Record<string, unknown> {
  climateId: number;
  climateName: string;
  unitAbbreviation?: string | null;
  overlays?: number | null;
}

/** A climate variable with its overlays: the images by recording date, and its legend image if it has one. */
export interface ClimateOverlays {
  climateId: number;
  name: string;
  images: OverlayRow[];
  legend: OverlayRow | null;
}

const LIST_LIMIT = 1000;

/** The climate variables that have overlays, each with them (two reads: the variables, their overlays). */
export function useClimateOverlays(enabled: boolean): { climates: ClimateOverlays[]; loading: boolean; failed: boolean } {
  const { api } = useServices();
  const read = useSWR(enabled ? ['locations:climate-overlays'] : null, async () => {
    const [climates, overlays] = await Promise.all([
      api.table<ClimateRow>('climate/table', { page: 1, limit: LIST_LIMIT, orderBy: 'climateName', ascending: 1, filter: [{ column: 'overlays', comparator: 'greaterThan', operator: 'and', values: ['0'] }] }),
      api.table<OverlayRow>('mapoverlay/table', { page: 1, limit: LIST_LIMIT, orderBy: 'recordingDate', ascending: 1, filter: [{ column: 'referenceTable', comparator: 'equals', operator: 'and', values: ['climates'] }] }),
    ]);
    return climates.data.map((climate): ClimateOverlays => {
      const own = overlays.data.filter((o) => o.foreignId === climate.climateId);
      const legend = own.find((o) => o.mapoverlaysIsLegend === true || o.mapoverlaysIsLegend === 1) ?? null;
      const unit = climate.unitAbbreviation ? ` [${climate.unitAbbreviation}]` : '';
      return { climateId: climate.climateId, name: `${climate.climateName}${unit}`, images: own.filter((o) => o !== legend), legend };
    });
  }, { revalidateOnFocus: false, shouldRetryOnError: false });
  return { climates: read.data ?? [], loading: read.isLoading, failed: read.error !== undefined };
}
