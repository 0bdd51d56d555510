import type { PassThrough } from 'node:stream';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
import { ZipAnswer } from '../../../server/http/zip-answer.js';
import type { ExportSelection, ExportTrait } from './export-data.js';
import { pivotRows } from './export-rows.js';
import { investigationFile, type IsaInvestigation, type IsaStudy } from './isatab-investigation.js';
import { ASSAY_HEADER, assayLines, dataHeader, dataLines, studyHeader, studyLines, StudyNumbering, type NumberedRow } from './isatab-tables.js';
import { INVESTIGATION_FILE } from './isatab-text.js';

/**
 * The ISA-Tab export as a zip, written while it is read: the investigation file, then per dataset its
 * study, assay and data files. A zip holds its entries one after another (fflate keeps a later entry's
 * bytes in memory until the one before ends), so each of the three tables is its own pass over the
 * dataset's rows, read in the tab export's batches: memory stays that of a batch, and the database reads
 * the rows three times (data imported between two passes would show in the later files only: an export
 * is not a snapshot, as the tab file's batches are not either). A failure after the answer started
 * destroys the stream (a cut download); a client that went away stops the reading.
 */

export interface IsaTabSource {
  db: Kysely<unknown>;
  dialect: DialectName;
  user: SessionUser | null;
  selection: ExportSelection;
  traits: readonly ExportTrait[];
  investigation: IsaInvestigation;
}

export function isaTabZip(source: IsaTabSource): PassThrough {
  const zip = new ZipAnswer();

  /** One entry: its header, then a chunk per batch of the study's rows. False when the client went away. */
  const table = async (name: string, header: string, study: IsaStudy, lines: (rows: NumberedRow[]) => string): Promise<boolean> => {
    const entry = zip.entry(name);
    entry.text(header);
    const numbering = new StudyNumbering(study.dataset.id);
    // The groups column is not part of ISA-Tab: no group names are read (the selection still applies).
    for await (const batch of pivotRows(source.db, source.selection, source.traits, [study.dataset], null, source.user, source.dialect)) {
      if (zip.gone) return false;
      entry.text(lines(numbering.number(batch)));
      await zip.flow();
    }
    entry.end();
    return true;
  };

  return zip.run(async () => {
    const investigation = zip.entry(INVESTIGATION_FILE);
    investigation.text(investigationFile(source.investigation, source.traits));
    investigation.end();
    for (const study of source.investigation.studies) {
      const { files, layout } = study;
      if (!(await table(files.study, studyHeader(layout), study, (rows) => studyLines(rows, layout)))) return;
      if (!(await table(files.assay, ASSAY_HEADER, study, (rows) => assayLines(rows, files.data)))) return;
      if (!(await table(files.data, dataHeader(source.traits), study, dataLines))) return;
    }
    zip.end();
  });
}
