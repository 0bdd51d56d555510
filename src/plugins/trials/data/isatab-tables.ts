import { FIXED_HEADER, traitHeader, type ExportTrait } from './export-data.js';
import type { PivotRow } from './export-rows.js';
import { tabCell } from './export-files.js';
import { isaRow, type IsaValue } from './isatab-text.js';

/**
 * The three tables of a dataset's study in the ISA-Tab export, built from the trials export's rows:
 * - study (s_): one row per plot: the germplasm is the Source (its passport as characteristics), grown
 *   (protocol Growth) into the Sample, the plot (site and coordinates as characteristics; treatment,
 *   replicate, block, row and column as factor values);
 * - assay (a_): one row per row of the tab export, i.e. per plot and year: the plot's phenotyping in that
 *   year (the year as the protocol's Date) is an Assay, whose values are in the data file;
 * - data (d_): the assay's name, then one column per trait (`name [unit]`) with the tab export's cells.
 * Sample and assay names are numbered in the rows' order; every pass over the rows numbers them alike.
 */

type Fixed = (typeof FIXED_HEADER)[number];
const at = (name: Fixed): number => FIXED_HEADER.indexOf(name);

/** Which of the plot's optional columns the dataset fills (replicate and block always are). */
export interface PlotLayout {
  site: boolean;
  latitude: boolean;
  longitude: boolean;
  elevation: boolean;
  treatment: boolean;
  row: boolean;
  column: boolean;
}

export const PROTOCOL = { growth: 'Growth', phenotyping: 'Phenotyping', transformation: 'Data transformation' } as const;

/** The germplasm's characteristics, after Source Name (the germplasm's name). */
const SOURCE_COLUMNS: readonly { header: string; cell: Fixed }[] = [
  { header: 'Characteristics[Organism]', cell: 'taxonomy' },
  { header: 'Characteristics[Germplasm ID]', cell: 'dbId' },
  { header: 'Characteristics[General identifier]', cell: 'general_identifier' },
  { header: 'Characteristics[PUID]', cell: 'puid' },
  { header: 'Characteristics[Parent name]', cell: 'entity_parent_name' },
  { header: 'Characteristics[Parent general identifier]', cell: 'entity_parent_general_identifier' },
];

/** The plot's characteristics and factor values, after Sample Name; `when`: only if the dataset has them. */
const SAMPLE_COLUMNS: readonly { header: string; cell: Fixed; when?: keyof PlotLayout }[] = [
  { header: 'Characteristics[Site]', cell: 'location', when: 'site' },
  { header: 'Characteristics[Latitude]', cell: 'latitude', when: 'latitude' },
  { header: 'Characteristics[Longitude]', cell: 'longitude', when: 'longitude' },
  { header: 'Characteristics[Elevation]', cell: 'elevation', when: 'elevation' },
  { header: 'Factor Value[Treatment]', cell: 'treatments_description', when: 'treatment' },
  { header: 'Factor Value[Replicate]', cell: 'rep' },
  { header: 'Factor Value[Block]', cell: 'block' },
  { header: 'Factor Value[Row]', cell: 'trial_row', when: 'row' },
  { header: 'Factor Value[Column]', cell: 'trial_column', when: 'column' },
];

const sampleColumns = (layout: PlotLayout) => SAMPLE_COLUMNS.filter((c) => !c.when || layout[c.when]);

/** The study's factors (declared in the investigation file), in the study table's order. */
export function studyFactors(layout: PlotLayout): string[] {
  return sampleColumns(layout).flatMap((c) => /^Factor Value\[(.*)\]$/.exec(c.header)?.[1] ?? []);
}

export function studyHeader(layout: PlotLayout): string {
  return isaRow(['Source Name', ...SOURCE_COLUMNS.map((c) => c.header), 'Protocol REF', 'Sample Name', ...sampleColumns(layout).map((c) => c.header)]);
}

export const ASSAY_HEADER = isaRow(['Sample Name', 'Protocol REF', 'Date', 'Assay Name', 'Protocol REF', 'Derived Data File']);

export function dataHeader(traits: readonly ExportTrait[]): string {
  return `${['Assay Name', ...traits.map(traitHeader)].map(tabCell).join('\t')}\r\n`;
}

/** A row with the names it has in the files: its plot's sample, its own assay, and whether it is the plot's first row. */
export interface NumberedRow {
  row: PivotRow;
  sample: string;
  assay: string;
  firstOfPlot: boolean;
}

/**
 * Names the rows of one study, batch after batch. A plot is the row's cells but the year; the export's
 * batches end with the whole of a germplasm, so all rows of a plot are in one batch and the plots seen are
 * forgotten after each (memory stays that of a batch).
 */
export class StudyNumbering {
  private plots = 0;
  private assays = 0;

  constructor(private readonly datasetId: number) {}

  number(batch: readonly PivotRow[]): NumberedRow[] {
    const year = at('year');
    const seen = new Map<string, string>();
    return batch.map((row) => {
      const key = JSON.stringify(row.fixed.filter((_, i) => i !== year));
      let sample = seen.get(key);
      const firstOfPlot = sample === undefined;
      if (sample === undefined) {
        sample = `${this.datasetId}-plot-${++this.plots}`;
        seen.set(key, sample);
      }
      return { row, sample, assay: `${this.datasetId}-assay-${++this.assays}`, firstOfPlot };
    });
  }
}

const cell = (row: PivotRow, name: Fixed): IsaValue => row.fixed[at(name)];

/** The study rows of a batch: one per plot, at its first row. */
export function studyLines(rows: readonly NumberedRow[], layout: PlotLayout): string {
  const columns = sampleColumns(layout);
  return rows
    .filter((r) => r.firstOfPlot)
    .map((r) => isaRow([cell(r.row, 'name'), ...SOURCE_COLUMNS.map((c) => cell(r.row, c.cell)), PROTOCOL.growth, r.sample, ...columns.map((c) => cell(r.row, c.cell))]))
    .join('');
}

/** The assay rows of a batch: one per row, pointing at the data file. */
export function assayLines(rows: readonly NumberedRow[], dataFile: string): string {
  return rows.map((r) => isaRow([r.sample, PROTOCOL.phenotyping, cell(r.row, 'year'), r.assay, PROTOCOL.transformation, dataFile])).join('');
}

/** The data rows of a batch: the assay's name, then the trait cells as the tab export writes them. */
export function dataLines(rows: readonly NumberedRow[]): string {
  return rows.map((r) => `${[r.assay, ...r.row.values].map(tabCell).join('\t')}\r\n`).join('');
}
