import { MatrixReader, type MatrixLine } from '../storage/matrix-reader.js';
import { flapjackFile } from './flapjack-writer.js';
import { hapmapFile } from './hapmap-writer.js';
import { identifiersFile } from './identifiers-file.js';
import { mapFile, type MapColumns } from './map-file.js';
import { summaryFile } from './phenotype-file.js';
import type { PhenotypeColumns } from './phenotype-values.js';
import { subsetOf, type GermplasmMembers } from './subset.js';
import { vcfFile } from './vcf-writer.js';
import { ZipOut } from './zip-out.js';

/** The text files a request asks for (the map and identifiers files come with every export). */
export interface ExportFormats {
  flapjack: boolean;
  hapmap: boolean;
  vcf: boolean;
}

/** Everything one dataset's export needs besides the matrix file: plain data, so a worker thread can take it. */
export interface ExportTask {
  matrixFile: string;
  /** Where the archive goes (written beside it as `.partial` first). */
  zipFile: string;
  /** The files' common name in the archive: `dataset-<id>`. */
  baseName: string;
  headerLines: string;
  formats: ExportFormats;
  germplasm: GermplasmMembers;
  /** The selected markers' names; null = every marker of the matrix. */
  markers: string[] | null;
  /** The chosen map's definitions of the dataset's markers; null = no map chosen. */
  map: MapColumns | null;
  /** The chosen traits' summaries per germplasm member, for the phenotype file; null = no such file. */
  phenotypes?: PhenotypeColumns | null;
}

export interface TaskHooks {
  /** Asked before every line: true stops the export (its partial archive removed). */
  cancelled(): boolean;
  /** The share of lines written so far, 0..1. */
  progress(share: number): void;
  log(line: string): void;
}

export type TaskOutcome =
  | { status: 'completed'; zipBytes: number; textBytes: number; germplasm: number; markers: number }
  | { status: 'cancelled' };

/** Thrown inside an export task when it is cancelled; the task answers `{ status: 'cancelled' }`. */
export class ExportCancelled extends Error {}

/** The lines of one file, counted for progress, with the cancel check before each. */
async function* counted(lines: AsyncIterable<MatrixLine>, hooks: TaskHooks, tick: () => void): AsyncGenerator<MatrixLine> {
  for await (const line of lines) {
    if (hooks.cancelled()) throw new ExportCancelled();
    yield line;
    tick();
  }
}

/**
 * Writes the archive of one export: the matrix read band by band, each requested file written line by
 * line into its zip entry (Flapjack germplasm-major, HapMap and VCF marker-major), so memory is a band of
 * the subset and a chunk of text, whatever the export's size.
 */
export async function runExportTask(task: ExportTask, hooks: TaskHooks): Promise<TaskOutcome> {
  const reader = await MatrixReader.open(task.matrixFile);
  let zip: ZipOut | null = null;
  try {
    const subset = subsetOf(reader.footer, task.germplasm, task.markers, task.map);
    const { rows, columns } = subset;
    hooks.log(`Selected ${rows.length} of ${reader.rows} germplasm and ${columns.length} of ${reader.columns} markers.`);
    const total = (task.formats.flapjack ? rows.length : 0) + (task.formats.hapmap ? columns.length : 0) + (task.formats.vcf ? columns.length : 0);
    let done = 0;
    const tick = () => {
      done += 1;
      hooks.progress(total === 0 ? 1 : done / total);
    };
    if (hooks.cancelled()) throw new ExportCancelled();
    zip = await ZipOut.create(task.zipFile);
    let textBytes = 0;
    const { states } = reader;
    const base = task.baseName;
    if (task.formats.flapjack) {
      const lines = counted(reader.rowLines(rows, columns), hooks, tick);
      textBytes += await zip.entry(`${base}.txt`, flapjackFile({ headerLines: task.headerLines, germplasm: subset.labels, markers: subset.markers, states }, lines));
    }
    if (task.map) textBytes += await zip.entry(`${base}.map`, mapFile(task.map));
    textBytes += await zip.entry(`${base}.identifiers`, [Buffer.from(identifiersFile(subset.identifiers), 'utf8')]);
    const { phenotypes } = task;
    if (phenotypes) {
      const rows = subset.members.map((m, i) => ({ label: subset.labels[i], cells: phenotypes.cells[m] ?? [] }));
      textBytes += await zip.entry(`${base}.phenotype`, [Buffer.from(summaryFile(phenotypes.traits, rows), 'utf8')]);
    }
    const markerInput = { germplasm: subset.labels, markers: subset.markers, places: subset.places, states };
    if (task.formats.hapmap) {
      const lines = counted(reader.columnLines(columns, rows), hooks, tick);
      textBytes += await zip.entry(`${base}.hapmap`, hapmapFile({ ...markerInput, headerLines: task.headerLines }, lines));
    }
    if (task.formats.vcf) {
      textBytes += await zip.entry(`${base}.vcf`, vcfFile(markerInput, counted(reader.columnLines(columns, rows), hooks, tick)));
    }
    if (hooks.cancelled()) throw new ExportCancelled();
    const zipBytes = await zip.finish();
    return { status: 'completed', zipBytes, textBytes, germplasm: rows.length, markers: columns.length };
  } catch (error) {
    await zip?.abort();
    if (error instanceof ExportCancelled) return { status: 'cancelled' };
    throw error;
  } finally {
    await reader.close();
  }
}
