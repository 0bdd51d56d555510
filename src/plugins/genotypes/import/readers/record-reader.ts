import type { ImportIssue } from '../../../../server/import/importer.js';
import type { GenotypeHeader, GenotypeReader, GenotypeRecord } from '../genotype-source.js';
import type { IssueLog } from './issues.js';

/**
 * What a reader takes its records' items from (lines of a text file, rows of a sheet): `take()` until it
 * answers undefined, then `await fill()` (false at the end), so that a hot loop awaits once per chunk, not
 * once per line. LineReader is one.
 */
export interface ItemSource<T> {
  take(): T | undefined;
  fill(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The records of a file, read once: each item of the source through `record`, the log finished after the
 * last item, the source closed however the reading ends (at the end, on an error, or when the caller stops).
 */
export abstract class RecordReader<T, R, S extends ItemSource<T> = ItemSource<T>> {
  readonly issues: ImportIssue[];
  /** Set by `record` to end the reading after the current item (a header that leaves nothing readable). */
  protected stopped = false;
  private started = false;

  constructor(
    protected readonly source: S,
    protected readonly log: IssueLog,
    /** What the file is, for the error of a second reading. */
    private readonly kind: string,
  ) {
    this.issues = log.list;
  }

  async *records(): AsyncGenerator<R> {
    if (this.started) throw new Error(`The records of a ${this.kind} can be read once.`);
    this.started = true;
    const source = this.source;
    try {
      for (;;) {
        const item = source.take();
        if (item === undefined) {
          if (!(await source.fill())) break;
          continue;
        }
        const record = this.record(item);
        if (record !== null) yield record;
        else if (this.stopped) break;
      }
      this.log.finish();
    } finally {
      await source.close();
    }
  }

  close(): Promise<void> {
    return this.source.close();
  }

  /** The record of one item; null when the item is skipped or refused (its problems logged). */
  protected abstract record(item: T): R | null;
}

/** A genotype file's records, after its header. */
export abstract class GenotypeRecords<T, S extends ItemSource<T>> extends RecordReader<T, GenotypeRecord, S> implements GenotypeReader {
  constructor(readonly header: GenotypeHeader, source: S, log: IssueLog) {
    super(source, log, 'genotype file');
  }
}

/** A reader whose header could not be read: no records, the issues say why. */
export function emptyReader(header: GenotypeHeader, issues: ImportIssue[]): GenotypeReader {
  return {
    header,
    issues,
    // eslint-disable-next-line require-yield
    async *records() {
      return;
    },
    close: () => Promise.resolve(),
  };
}
