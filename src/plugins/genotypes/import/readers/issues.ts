import { issue, type ImportIssue } from '../../../../server/import/importer.js';

/**
 * Rule: a reader keeps at most this many problems of one status; the rest are counted into one closing
 * issue of that status. A file broken on every line (a wrong separator, say) would otherwise hold one issue
 * per record in memory, and nobody reads past the first screenful.
 */
export const ISSUES_PER_STATUS = 1000;

/** Collects a reader's problems into its `issues` list, keeping memory bounded (see ISSUES_PER_STATUS). */
export class IssueLog {
  private readonly counts = new Map<string, number>();
  private finished = false;
  /** Problems reported so far, kept or not: a record compares it before and after its checks. */
  total = 0;

  constructor(
    readonly list: ImportIssue[],
    private readonly sheet: string | null,
  ) {}

  add(status: string, rowIndex: number, fields: { column?: string | null; value?: string | null; message?: string }): void {
    this.total += 1;
    const count = (this.counts.get(status) ?? 0) + 1;
    this.counts.set(status, count);
    if (count <= ISSUES_PER_STATUS) this.list.push(issue(status, rowIndex, { ...fields, sheet: this.sheet }));
  }


  /** Once, after the last record: one issue per status that had more problems than were kept. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    for (const [status, count] of this.counts) {
      if (count <= ISSUES_PER_STATUS) continue;
      const more = count - ISSUES_PER_STATUS;
      this.list.push(issue(status, -1, { sheet: this.sheet, message: `… and ${more.toLocaleString('en-GB')} more of this problem (not listed)` }));
    }
  }
}
