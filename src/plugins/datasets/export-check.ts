import type { DatasetRow } from './columns.js';
import { acceptedLicence } from './licences/accepted.js';
import type { ExportType } from './schema.js';

/**
 * The export pages' dataset check, stricter in what it tells: instead of dropping
 * datasets silently, it names the ids that are unknown (or not visible to the caller: the server does not
 * say which), of another type, external (no data here), or under a licence the caller has not accepted.
 */
export type ExportProblem = 'unknown' | 'wrongType' | 'external' | 'licence';

export interface ExportCheck {
  /** The rows that may be exported, in the order of the URL. */
  usable: DatasetRow[];
  problems: { kind: ExportProblem; ids: number[] }[];
  /** The licences to read and accept first, once each. */
  licences: { licenseId: number; licenseName: string }[];
}

export function checkExportDatasets(ids: readonly number[], rows: readonly DatasetRow[], type: ExportType, caller: number | null): ExportCheck {
  const byId = new Map(rows.map((row) => [Number(row.datasetId), row]));
  const problems = new Map<ExportProblem, number[]>();
  const flag = (kind: ExportProblem, id: number) => problems.set(kind, [...(problems.get(kind) ?? []), id]);
  const usable: DatasetRow[] = [];
  const licences = new Map<number, string>();
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) flag('unknown', id);
    else if (row.datasetType !== type) flag('wrongType', id);
    else if (row.isExternal === true) flag('external', id);
    else if (!acceptedLicence(row, caller)) {
      flag('licence', id);
      licences.set(Number(row.licenseId), String(row.licenseName ?? row.licenseId));
    } else usable.push(row);
  }
  return {
    usable,
    problems: [...problems.entries()].map(([kind, list]) => ({ kind, ids: list })),
    licences: [...licences.entries()].map(([licenseId, licenseName]) => ({ licenseId, licenseName })),
  };
}
