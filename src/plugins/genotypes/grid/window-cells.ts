import { HttpError } from '../../../server/http/errors.js';
import type { MatrixReader } from '../storage/matrix-reader.js';
import type { FileIdentity, OpenMatrices } from './open-matrices.js';
import { WINDOW_LIMITS } from './request.js';

/** Positions in a window by the tile they fall in (`key` = file index ÷ tile size). */
function byTile(indexes: ArrayLike<number>, size: number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let at = 0; at < indexes.length; at += 1) {
    const key = Math.floor(indexes[at] / size);
    const group = groups.get(key);
    if (group) group.push(at);
    else groups.set(key, [at]);
  }
  return groups;
}

/**
 * The calls of a window whose rows and columns are file indexes in any order (a row order sorted by passport
 * fields, columns in map order): `rows.length × columns.length` bytes, row-major, each an index into the
 * file's states. Every tile the window crosses is read once; a window crossing more than
 * WINDOW_LIMITS.tiles tiles is refused (a request for fewer cells gets it).
 */
export async function windowCells(
  matrices: OpenMatrices,
  reader: MatrixReader,
  file: FileIdentity,
  rows: ArrayLike<number>,
  columns: ArrayLike<number>,
): Promise<Uint8Array> {
  const { tileRows, tileColumns } = reader.footer;
  const out = new Uint8Array(rows.length * columns.length);
  if (out.length === 0) return out;
  const rowTiles = byTile(rows, tileRows);
  const columnTiles = byTile(columns, tileColumns);
  if (rowTiles.size * columnTiles.size > WINDOW_LIMITS.tiles) {
    throw new HttpError(400, 'BAD_REQUEST_WINDOW_TOO_SCATTERED', `This window crosses ${rowTiles.size * columnTiles.size} tiles of the matrix (at most ${WINDOW_LIMITS.tiles}): ask for fewer rows or columns.`);
  }
  const width = columns.length;
  for (const [tileRow, rowPositions] of rowTiles) {
    for (const [tileColumn, columnPositions] of columnTiles) {
      const { cells, columnsIn } = await matrices.tile(reader, file, tileRow, tileColumn);
      const firstColumn = tileColumn * tileColumns;
      for (const r of rowPositions) {
        const base = (rows[r] - tileRow * tileRows) * columnsIn - firstColumn;
        const line = r * width;
        for (const c of columnPositions) out[line + c] = cells[base + columns[c]];
      }
    }
  }
  return out;
}
