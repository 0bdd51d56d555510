import { issue, type CellText, type ImportIssue } from './importer.js';
import type { TemplateArchive } from './template-archive.js';

/**
 * Matches the files a template lists against the files in its archive, reporting every problem: a row
 * without a file name, a name listed twice (ignoring case, as Germinate), a listed file missing from the
 * archive (names match exactly, as zip names do), and, at the end, files no row lists.
 */
export class ArchiveListing {
  private readonly listed = new Map<string, number>();
  private readonly named = new Set<string>();

  constructor(
    private readonly archive: TemplateArchive,
    private readonly sheet: string,
    private readonly column: string,
    private readonly out: ImportIssue[],
  ) {}

  /** The listed file's content, or null once the reason is reported. */
  file(row: number, filename: CellText): Uint8Array | null {
    const at = (status: string, value: string | null, message: string) => this.out.push(issue(status, row, { sheet: this.sheet, column: this.column, value, message }));
    if (filename === null) {
      at('GENERIC_MISSING_REQUIRED_VALUE', null, this.column);
      return null;
    }
    const first = this.listed.get(filename.toLowerCase());
    if (first !== undefined) {
      at('GENERIC_DUPLICATE_VALUE', filename, `${filename} is listed in row ${first} already.`);
      return null;
    }
    this.listed.set(filename.toLowerCase(), row);
    this.named.add(filename);
    const content = this.archive.files.get(filename);
    if (!content) at('IMAGE_IMAGE_MISSING', filename, `${filename} is not in the archive.`);
    return content ?? null;
  }

  /** Reports the archive's files that no row named. */
  reportUnlisted(): void {
    for (const name of this.archive.files.keys()) {
      if (!this.named.has(name)) this.out.push(issue('IMAGE_DEFINITION_MISSING', -1, { value: name, message: `${name} has no row on the '${this.sheet}' sheet.` }));
    }
  }
}
