import type { ApiClient } from '../../../../core/api-client.js';
import type { GenotypeWindow } from '../../grid/request.js';

/** One window of calls as the server answers it (POST dataset/{id}/genotype/window). */
export type WindowAnswer = GenotypeWindow;

/** A block of the grid: a window's labels and its calls decoded to bytes. */
export interface Block {
  rowOffset: number;
  columnOffset: number;
  rows: WindowAnswer['rows'];
  columns: WindowAnswer['columns'];
  cells: Uint8Array;
}

/** Rows and columns per block: a screenful fits in a few, and a block sorted by passport crosses few tiles. */
export const BLOCK_ROWS = 64;
export const BLOCK_COLUMNS = 512;
/** Blocks kept for scrolling back (each about 32 KiB of calls). */
const KEPT = 96;
/** Scrolling settles for this long before missing blocks are asked for. */
const DEBOUNCE_MS = 80;

export function decodeCalls(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** What every block request of one view carries: the dataset, the map and the row order. */
export interface BlockQuery {
  datasetId: number;
  mapId: number | null;
  rowOrder: number[] | null;
}

/**
 * The blocks of one view (one dataset, map and row order), fetched as the visible area needs them: requests
 * wait until scrolling settles, blocks that scrolled away before their answer are cancelled, and recently
 * seen blocks are kept. `changed` runs whenever a block arrives.
 */
export class BlockStore {
  private readonly kept = new Map<string, Block>();
  private readonly loading = new Map<string, AbortController>();
  private wanted = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  failed = false;

  constructor(
    private readonly api: ApiClient,
    private readonly query: BlockQuery,
    private readonly changed: () => void,
  ) {}

  /** The block holding (row, column), if it has arrived. */
  block(row: number, column: number): Block | undefined {
    return this.kept.get(BlockStore.key(Math.floor(row / BLOCK_ROWS), Math.floor(column / BLOCK_COLUMNS)));
  }

  /** The state index at (row, column), or -1 while its block is on its way. */
  cell(row: number, column: number): number {
    const block = this.block(row, column);
    if (!block) return -1;
    const r = row - block.rowOffset;
    const c = column - block.columnOffset;
    if (r >= block.rows.length || c >= block.columns.length) return -1;
    return block.cells[r * block.columns.length + c];
  }

  /** Says which rows and columns are visible now; missing blocks are asked for once scrolling settles. */
  show(rows: [number, number], columns: [number, number]): void {
    if (this.closed) return;
    const wanted = new Set<string>();
    for (let br = Math.floor(rows[0] / BLOCK_ROWS); br <= Math.floor(Math.max(rows[0], rows[1] - 1) / BLOCK_ROWS); br += 1) {
      for (let bc = Math.floor(columns[0] / BLOCK_COLUMNS); bc <= Math.floor(Math.max(columns[0], columns[1] - 1) / BLOCK_COLUMNS); bc += 1) wanted.add(BlockStore.key(br, bc));
    }
    this.wanted = wanted;
    for (const [key, controller] of this.loading) {
      if (!wanted.has(key)) {
        controller.abort();
        this.loading.delete(key);
      }
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fetchWanted(), DEBOUNCE_MS);
  }

  /** Whether every visible block has arrived. */
  get settled(): boolean {
    return [...this.wanted].every((key) => this.kept.has(key));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const controller of this.loading.values()) controller.abort();
    this.loading.clear();
  }

  private static key(blockRow: number, blockColumn: number): string {
    return `${blockRow}:${blockColumn}`;
  }

  private fetchWanted(): void {
    for (const key of this.wanted) {
      if (this.kept.has(key) || this.loading.has(key)) continue;
      const [br, bc] = key.split(':').map(Number);
      const controller = new AbortController();
      this.loading.set(key, controller);
      void this.fetchBlock(key, br, bc, controller);
    }
  }

  private async fetchBlock(key: string, blockRow: number, blockColumn: number, controller: AbortController): Promise<void> {
    const { datasetId, mapId, rowOrder } = this.query;
    try {
      const answer = await this.api.post<WindowAnswer>(`dataset/${datasetId}/genotype/window`, {
        body: { mapId, rowOrder, rowOffset: blockRow * BLOCK_ROWS, rowCount: BLOCK_ROWS, columnOffset: blockColumn * BLOCK_COLUMNS, columnCount: BLOCK_COLUMNS },
        signal: controller.signal,
        // A failed block leaves its cells blank and says so below the grid; no toast for each block.
        handlers: [{ codes: [], callback: () => (this.failed = true) }],
      });
      if (this.closed || controller.signal.aborted) return;
      this.kept.set(key, { rowOffset: answer.rowOffset, columnOffset: answer.columnOffset, rows: answer.rows, columns: answer.columns, cells: decodeCalls(answer.calls) });
      for (const old of this.kept.keys()) {
        if (this.kept.size <= KEPT) break;
        if (!this.wanted.has(old)) this.kept.delete(old);
      }
      this.changed();
    } catch {
      // Cancelled, or failed (flagged above).
      if (!controller.signal.aborted && !this.closed) this.changed();
    } finally {
      if (this.loading.get(key) === controller) this.loading.delete(key);
    }
  }
}
