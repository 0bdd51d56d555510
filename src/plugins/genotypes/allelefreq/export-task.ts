import { ExportCancelled, type TaskHooks } from '../export/export-task.js';
import { identifiersFile, type IdentifierRow } from '../export/identifiers-file.js';
import { mapFile, type MapColumns } from '../export/map-file.js';
import { ZipOut } from '../export/zip-out.js';
import { AUTO_BUCKETS, autoEdges, binOf, binsText, fixedEdges, type BinningConfig } from './binning.js';
import { frequencyOf } from './frequency-file.js';
import { readSubset, subsetHistogram, type FrequencySubset, type SubsetLine } from './subset-lines.js';

/** Everything one allele-frequency export needs besides the database: plain data, so a worker thread can take it. */
export interface FrequencyExportTask extends FrequencySubset {
  /** The stored frequency file. */
  sourceFile: string;
  /** Where the archive goes (written beside it as `.partial` first). */
  zipFile: string;
  /** The files' common name in the archive: `dataset-<id>`. */
  baseName: string;
  /** The Flapjack link lines (or a lone line end) written at the top of both frequency files. */
  headerLines: string;
  binning: BinningConfig;
  /** The chosen map's definitions of the dataset's markers; null = no map chosen. */
  map: MapColumns | null;
}

export type FrequencyOutcome =
  | { status: 'completed'; zipBytes: number; textBytes: number; germplasm: number; markers: number; bins: number }
  | { status: 'cancelled' };

/** Text collected before it leaves as one Buffer: the zip deflates each such chunk on its own. */
const CHUNK_CHARS = 1 << 20;

/** The head text, then one text line per subset line, in Buffers of about CHUNK_CHARS. */
async function* textChunks(head: string, lines: AsyncIterable<SubsetLine>, line: (l: SubsetLine) => string): AsyncGenerator<Buffer> {
  let parts: string[] = [head];
  let size = head.length;
  for await (const l of lines) {
    const text = line(l);
    parts.push(text);
    size += text.length;
    if (size >= CHUNK_CHARS) {
      yield Buffer.from(parts.join(''), 'utf8');
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.from(parts.join(''), 'utf8');
}

/** States as written in the binned file, by bin (0-based): `1` … `n`. */
const stateTexts = (bins: number) => Array.from({ length: bins }, (_, b) => String(b + 1));

/**
 * Writes the archive of one allele-frequency export, reading the stored file once per file it writes (and
 * once more for the auto method's histogram), line by line, so memory holds a line and a chunk of text
 * whatever the matrix's size:
 * - `dataset-<id>-unbinned.txt`: the link lines, the header (label and the selected markers), the selected
 *   germplasm's lines with their frequencies as stored;
 * - `dataset-<id>.txt`: a Flapjack genotype file of the same subset, each frequency replaced by its bin's
 *   state (binning.ts), empty where no frequency;
 * - `dataset-<id>.hist` (auto only): the bins, their bounds and counts;
 * - `dataset-<id>.map` when a map is chosen, and `dataset-<id>.identifiers`, as the genotype export writes them.
 */
export async function runFrequencyExport(task: FrequencyExportTask, hooks: TaskHooks): Promise<FrequencyOutcome> {
  const auto = task.binning.binningMethod === 'auto';
  // File lines are about the dataset's germplasm members: the progress counts lines over every pass.
  const total = Math.max(1, task.germplasm.names.length * (auto ? 3 : 2));
  let done = 0;
  const seen = () => {
    if (hooks.cancelled()) throw new ExportCancelled();
    done += 1;
    hooks.progress(Math.min(0.99, done / total));
  };
  let zip: ZipOut | null = null;
  const readings: { close(): Promise<void> }[] = [];
  try {
    const histogram = auto ? await subsetHistogram(task.sourceFile, task, AUTO_BUCKETS, seen) : null;
    const edges = histogram ? autoEdges(histogram, task.binning.binsLeft) : fixedEdges(task.binning);
    const states = stateTexts(edges.length + 1);
    if (hooks.cancelled()) throw new ExportCancelled();
    zip = await ZipOut.create(task.zipFile);
    const base = task.baseName;
    let textBytes = 0;

    const identifiers: IdentifierRow[] = [];
    let germplasm = 0;
    const unbinned = await readSubset(task.sourceFile, task, seen);
    readings.push(unbinned);
    const markers = unbinned.markers.length;
    const header = `${unbinned.label}${unbinned.markers.map((m) => `\t${m}`).join('')}\n`;
    textBytes += await zip.entry(`${base}-unbinned.txt`, textChunks(task.headerLines + header, unbinned.lines, (line) => {
      germplasm += 1;
      if (line.identifiers) identifiers.push(line.identifiers);
      return `${line.name}${line.cells.map((cell) => `\t${cell}`).join('')}\n`;
    }));

    const binned = await readSubset(task.sourceFile, task, seen);
    readings.push(binned);
    const stateOf = (cell: string) => {
      const value = frequencyOf(cell);
      return value === null ? '' : states[binOf(value, edges)];
    };
    textBytes += await zip.entry(`${base}.txt`, textChunks(`# fjFile = GENOTYPE\n${task.headerLines}${header}`, binned.lines, (line) =>
      `${line.name}${line.cells.map((cell) => `\t${stateOf(cell)}`).join('')}\n`,
    ));

    if (histogram) textBytes += await zip.entry(`${base}.hist`, [Buffer.from(binsText(histogram, edges), 'utf8')]);
    if (task.map) textBytes += await zip.entry(`${base}.map`, mapFile(task.map));
    textBytes += await zip.entry(`${base}.identifiers`, [Buffer.from(identifiersFile(identifiers), 'utf8')]);
    if (hooks.cancelled()) throw new ExportCancelled();
    const zipBytes = await zip.finish();
    hooks.progress(1);
    return { status: 'completed', zipBytes, textBytes, germplasm, markers, bins: states.length };
  } catch (error) {
    await zip?.abort();
    if (error instanceof ExportCancelled) return { status: 'cancelled' };
    throw error;
  } finally {
    await Promise.all(readings.map((reading) => reading.close()));
  }
}
