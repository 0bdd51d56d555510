import { PassThrough } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../../../server/auth/tokens.js';
import type { DialectName } from '../../../server/db/database.js';
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
  const stream = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      stream.destroy(err);
      return;
    }
    stream.write(Buffer.from(chunk));
    if (final) stream.end();
  });
  const encoder = new TextEncoder();
  // The client reads slower than the rows come: wait for it (or for the stream's end, if it went away).
  const drained = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.once('drain', done);
      stream.once('close', done);
    });

  /** One entry: its header, then a chunk per batch of the study's rows. False when the client went away. */
  const table = async (name: string, header: string, study: IsaStudy, lines: (rows: NumberedRow[]) => string): Promise<boolean> => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(header));
    const numbering = new StudyNumbering(study.dataset.id);
    // The groups column is not part of ISA-Tab: no group names are read (the selection still applies).
    for await (const batch of pivotRows(source.db, source.selection, source.traits, [study.dataset], null, source.user, source.dialect)) {
      if (stream.destroyed) return false;
      entry.push(encoder.encode(lines(numbering.number(batch))));
      if (stream.writableNeedDrain) await drained();
    }
    entry.push(new Uint8Array(0), true);
    return true;
  };

  const write = async () => {
    const investigation = new ZipDeflate(INVESTIGATION_FILE, { level: 6 });
    zip.add(investigation);
    investigation.push(encoder.encode(investigationFile(source.investigation, source.traits)), true);
    for (const study of source.investigation.studies) {
      const { files, layout } = study;
      if (!(await table(files.study, studyHeader(layout), study, (rows) => studyLines(rows, layout)))) return;
      if (!(await table(files.assay, ASSAY_HEADER, study, (rows) => assayLines(rows, files.data)))) return;
      if (!(await table(files.data, dataHeader(source.traits), study, dataLines))) return;
    }
    zip.end();
  };
  write().catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return stream;
}
