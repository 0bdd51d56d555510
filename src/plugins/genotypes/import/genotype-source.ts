import type { ImportIssue } from '../../../server/import/importer.js';

/**
 * What every genotype file reader gives the importer, whatever the format: the names along the file's
 * columns, then its records one at a time (a file is never held whole in memory).
 *
 * Orientation: `germplasm-rows` files (Flapjack, Germinate's templates) have one record per germplasm with
 * one call per marker; `marker-rows` files (HapMap, VCF, Germinate's transposed template) one record per
 * marker with one call per germplasm.
 *
 * Calls are kept as the text a genotype viewer shows, one convention for every format: a homozygous call is
 * one allele (`A`, `AT` for an indel allele), a heterozygous call its alleles joined by `/` (`A/G`) or, when
 * the file says the phase is known, by `|` (`A|G`); a missing call is the empty string.
 */
export type GenotypeOrientation = 'germplasm-rows' | 'marker-rows';

export interface GenotypeHeader {
  orientation: GenotypeOrientation;
  /** Names along the columns: markers (germplasm-rows) or germplasm (marker-rows), in file order. */
  columns: string[];
  /**
   * Germplasm-rows files that carry a map (a chromosome row and a position row above the marker names):
   * one entry per column, null where a cell is empty. Marker-rows files give positions per record instead.
   */
  chromosomes?: (string | null)[];
  positions?: (number | null)[];
  /** `# key = value` header lines Germinate reads: dataset (name), map (name), markerType. */
  meta: { dataset?: string; map?: string; markerType?: string };
  /** The 1-based line (or row) number of the column names, for messages about them. */
  headerLine: number;
}

export interface GenotypeRecord {
  /** 1-based line number in the file (row number in a sheet), for messages. */
  line: number;
  /** The germplasm (germplasm-rows) or marker (marker-rows) this record is about. */
  name: string;
  /** One call per column, in column order (see the call convention above). */
  calls: string[];
  /** Marker-rows files: the marker's chromosome and position, null when the file leaves them empty. */
  chromosome?: string | null;
  position?: number | null;
}

export interface GenotypeReader {
  header: GenotypeHeader;
  /**
   * Problems found while reading the header, and, after records() has been iterated to its end, those found
   * in records (a row of the wrong length, a position that is not a number, a truncated last line). Records
   * with a problem are not yielded.
   */
  issues: ImportIssue[];
  /** The records in file order; iterate once. */
  records(): AsyncIterable<GenotypeRecord>;
  /** Releases the file (also safe after records() finished or threw). */
  close(): Promise<void>;
}

/** One position of a genetic map file (Flapjack .map, or a plain marker / chromosome / position table). */
export interface MapRecord {
  line: number;
  marker: string;
  chromosome: string;
  position: number;
}

export interface MapReader {
  issues: ImportIssue[];
  records(): AsyncIterable<MapRecord>;
  close(): Promise<void>;
}
