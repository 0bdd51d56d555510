import type { PaneTypeSpec, SectionSpec } from '../../core/contracts.js';
import { exportPageSlot } from '../../shell/sections.js';
import { EXPORT_TYPES, type ExportType } from './schema.js';

/**
 * The export pages by dataset type. Each type gets its route `/data/export/<type>/:datasetIds` under
 * Germinate's page name; the shared export pane checks the datasets in the URL (they exist, are of the type,
 * the caller may see them and accepted their licences) and then renders the section contributed to the
 * type's slot (`datasets:export-<type>`, props ExportPageProps from src/shell/sections.tsx) — by the domain
 * that owns that data (trials, climate, genotypes), or by this plugin for pedigrees. A type whose page no
 * plugin contributes shows that it is not available yet.
 */

export interface ExportPage {
  type: ExportType;
  /** Germinate's route name (hiddenPages); pedigree has no page in Germinate, so its name is ours. */
  pageName: string;
  titleKey: string;
}

export const EXPORT_PAGES: Readonly<Record<ExportType, ExportPage>> = {
  trials: { type: 'trials', pageName: 'export-trials', titleKey: 'datasets.export.title.trials' },
  genotype: { type: 'genotype', pageName: 'export-genotypes', titleKey: 'datasets.export.title.genotype' },
  allelefreq: { type: 'allelefreq', pageName: 'export-allelefrequency', titleKey: 'datasets.export.title.allelefreq' },
  climate: { type: 'climate', pageName: 'export-climates', titleKey: 'datasets.export.title.climate' },
  pedigree: { type: 'pedigree', pageName: 'export-pedigree', titleKey: 'datasets.export.title.pedigree' },
};

/** This plugin's own export page: pedigrees (the other types belong to their domains). */
export const pedigreeExportSection: SectionSpec = {
  id: 'datasets:pedigree-export',
  slot: exportPageSlot('pedigree'),
  titleKey: 'datasets.export.title.pedigree',
  load: () => import('./export/pedigree.js'),
};

export const exportPaneId = (type: ExportType) => `datasets:export-${type}`;

/** The type of an export pane (`datasets:export-pedigree` → pedigree), or null for any other pane type. */
export function exportTypeOfPane(paneType: string): ExportType | null {
  return EXPORT_TYPES.find((type) => exportPaneId(type) === paneType) ?? null;
}

/** One pane type per export type, all served by the shared export pane. */
export const exportPanes: PaneTypeSpec[] = EXPORT_TYPES.map((type) => ({
  id: exportPaneId(type),
  route: `/data/export/${type}/:datasetIds`,
  pageName: EXPORT_PAGES[type].pageName,
  titleKey: EXPORT_PAGES[type].titleKey,
  inSidebar: false,
  load: () => import('./panes/export-page.js'),
}));

/**
 * The dataset ids of an export URL (`3,7,12`): positive integers, each once, in order; null when the list
 * holds anything else (a clear message in the pane rather than a guess).
 */
export function parseDatasetIds(text: string | undefined): number[] | null {
  if (!text) return null;
  const parts = text.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,10}$/.test(part) || Number(part) < 1 || Number(part) > 2_147_483_647)) return null;
  return [...new Set(parts.map(Number))];
}
