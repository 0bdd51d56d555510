import zlib from 'node:zlib';

/**
 * The genotype matrix file: one per dataset, under DATA_DIR/data/genotypes/. Rows are germplasm and columns
 * markers whatever the order of the imported file, so every reader sees one layout.
 *
 *   bytes 0..7      magic "GERMGTM1"
 *   tiles           each a raw-deflate stream of `tileRows × tileColumns` bytes (row-major, clipped at the
 *                   matrix's edges); a byte is an index into `states` (0 = missing call, at most 255 states)
 *   footer          raw-deflate JSON: the Footer below
 *   last 16 bytes   footer offset (float64 LE), footer length (uint32 LE), magic "GTMF"
 *
 * Tiles make subsets cheap in both directions: a band of rows (Flapjack, germplasm by germplasm) and a band
 * of columns (HapMap and VCF, marker by marker) each read only the tiles they cross, and no transposed
 * copy is kept. Memory while writing or reading is a band (tile rows × columns, or tile columns × rows)
 * plus one tile, never the matrix.
 */
export const MAGIC = Buffer.from('GERMGTM1', 'latin1');
export const TRAILER_MAGIC = Buffer.from('GTMF', 'latin1');
export const TRAILER_BYTES = 16;
export const FORMAT_VERSION = 1;
/** 64 × 1024 cells = 64 KiB per tile: a row band of 10^6 markers is 64 MiB, a column band of 10^4 germplasm 10 MiB. */
export const DEFAULT_TILE_ROWS = 64;
export const DEFAULT_TILE_COLUMNS = 1024;
export const MAX_STATES = 256;

export interface Footer {
  version: number;
  tileRows: number;
  tileColumns: number;
  /** Germplasm names, in row order. */
  rowNames: string[];
  /** Marker names, in column order. */
  columnNames: string[];
  /** Call texts by byte value; states[0] is '' (missing). */
  states: string[];
  /** Per tile (index = tileRow × tileColumnCount + tileColumn): its byte offset and compressed length. */
  tileOffsets: number[];
  tileLengths: number[];
}

export const tileCount = (cells: number, tile: number): number => Math.ceil(cells / tile);

export function encodeFooter(footer: Footer): Buffer {
  return zlib.deflateRawSync(Buffer.from(JSON.stringify(footer), 'utf8'));
}

export function decodeFooter(bytes: Buffer): Footer {
  return JSON.parse(zlib.inflateRawSync(bytes).toString('utf8')) as Footer;
}

export function trailer(footerOffset: number, footerLength: number): Buffer {
  const buffer = Buffer.alloc(TRAILER_BYTES);
  buffer.writeDoubleLE(footerOffset, 0);
  buffer.writeUInt32LE(footerLength, 8);
  TRAILER_MAGIC.copy(buffer, 12);
  return buffer;
}

/** A file that is not a complete matrix (a truncated write, another format). */
export class MatrixFileError extends Error {
  override name = 'MatrixFileError';
}
