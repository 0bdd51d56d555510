import { readExportForm, type MapExportForm } from './export-form.js';

/** What a map's pane shows, one tab at a time: its markers, their density, the export. */
export const MAP_TABS = ['markers', 'density', 'export'] as const;
export type MapTab = (typeof MAP_TABS)[number];

/**
 * A map pane's view state: the tab, the marker table's own state under `table` (the table writes its state
 * whole), whether the histogram's table shows, and the export form under `export`.
 */
export interface MapPaneState {
  tab: MapTab;
  table: Record<string, unknown> | undefined;
  densityTable: boolean;
  export: MapExportForm;
}

export function readMapPaneState(state: Record<string, unknown> | undefined): MapPaneState {
  const table = state?.table;
  return {
    tab: MAP_TABS.find((tab) => tab === state?.tab) ?? 'markers',
    table: typeof table === 'object' && table !== null && !Array.isArray(table) ? (table as Record<string, unknown>) : undefined,
    densityTable: state?.densityTable === true,
    export: readExportForm(state?.export),
  };
}

/** The id of the export form's first control (the format), which the export command brings the keyboard to. */
export const exportFormatId = (paneKey: string) => `${paneKey}-map-export-format`;
