import { binaryUnits, type BinaryUnit } from '../../core/binary-size.js';

/**
 * The jobs panel's reading of `POST dataset/export/async` (Germinate's DataExportJobs, plus this server's
 * `progress` of a running job): only the fields the panel shows, read defensively. The uuids of jobs started
 * without a login are kept in the client state with the import jobs' (one list, as in Germinate's client).
 */

export type ExportJobStatus = 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface ExportJob {
  uuid: string;
  /** genotype, allelefreq, pedigree, trials, climate, images or unknown. */
  datatype: string;
  status: ExportJobStatus;
  datasetIds: number[];
  updatedOn: string | null;
  /** 0…1 while it runs, when the server says. */
  progress: number | null;
  /** The zip's bytes once completed. */
  resultSize: number | null;
}

const STATUSES: readonly string[] = ['waiting', 'running', 'completed', 'failed', 'cancelled'];

/** Jobs as the server sends them, newest first; anything malformed is left out. */
export function readExportJobs(answer: unknown): ExportJob[] {
  if (!Array.isArray(answer)) return [];
  const jobs: ExportJob[] = [];
  for (const item of answer as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const raw = item as Record<string, unknown>;
    if (typeof raw.uuid !== 'string' || typeof raw.status !== 'string' || !STATUSES.includes(raw.status)) continue;
    const ids = Array.isArray(raw.datasetIds) ? (raw.datasetIds as unknown[]).filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id)) : [];
    jobs.push({
      uuid: raw.uuid,
      datatype: typeof raw.datatype === 'string' ? raw.datatype : 'unknown',
      status: raw.status as ExportJobStatus,
      datasetIds: ids,
      updatedOn: typeof raw.updatedOn === 'string' ? raw.updatedOn : null,
      progress: typeof raw.progress === 'number' && Number.isFinite(raw.progress) ? Math.min(1, Math.max(0, raw.progress)) : null,
      resultSize: typeof raw.resultSize === 'number' && Number.isFinite(raw.resultSize) && raw.resultSize >= 0 ? raw.resultSize : null,
    });
  }
  return jobs;
}

/** The download of a completed job: a plain link (no Authorization header; the uuid is its secret). */
export const exportDownloadUrl = (uuid: string): string => `./api/dataset/export/async/${encodeURIComponent(uuid)}/download`;

/** A size in binary units, as Germinate's job card shows it: the number (formatted by the caller) and the unit. */
export function binarySize(bytes: number): { value: number; unit: BinaryUnit } {
  const { value, unit, index } = binaryUnits(bytes);
  return { value: index === 0 ? value : Math.round(value * 10) / 10, unit };
}
