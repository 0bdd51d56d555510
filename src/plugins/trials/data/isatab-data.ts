import { sql, type Kysely } from 'kysely';
import type { ExportDataset } from './export-data.js';
import type { IsaContact, IsaExperiment, IsaInvestigation, IsaLocation } from './isatab-investigation.js';
import type { PlotLayout } from './isatab-tables.js';
import { studyFiles } from './isatab-text.js';

/**
 * What the ISA-Tab export says about its datasets besides their rows: their experiments, dates and
 * contact, their sites (the dataset's locations and its plots' sites), their collaborators, and which of
 * the plots' optional columns each fills. A handful of queries per export, each over all its datasets.
 */

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

export async function isaInvestigation(db: Kysely<unknown>, datasets: readonly ExportDataset[]): Promise<IsaInvestigation> {
  const ids = sql.join(datasets.map((d) => d.id));
  const [details, locations, contacts, layouts] = await Promise.all([
    sql<{ id: number; date_start: string | null; date_end: string | null; contact: string | null; experiment_id: number; experiment_name: string; experiment_description: string | null; experiment_date: string | null }>`
      SELECT d.id, d.date_start, d.date_end, d.contact, e.id AS experiment_id, e.experiment_name, e.description AS experiment_description, e.experiment_date
      FROM datasets d JOIN experiments e ON e.id = d.experiment_id WHERE d.id IN (${ids})`.execute(db),
    sql<{ dataset_id: number; site_name: string; country_name: string | null; latitude: number | null; longitude: number | null; elevation: number | null }>`
      SELECT x.dataset_id, l.site_name, c.country_name, l.latitude, l.longitude, l.elevation
      FROM (SELECT dataset_id, location_id FROM datasetlocations WHERE dataset_id IN (${ids})
        UNION SELECT dataset_id, location_id FROM trialsetup WHERE dataset_id IN (${ids}) AND location_id IS NOT NULL) x
      JOIN locations l ON l.id = x.location_id LEFT JOIN countries c ON c.id = l.country_id
      ORDER BY x.dataset_id, l.site_name, l.id`.execute(db),
    sql<{ dataset_id: number; first_name: string; last_name: string; email: string | null; phone: string | null; collaborator_roles: string | null; institution: string | null; address: string | null }>`
      SELECT dc.dataset_id, c.first_name, c.last_name, c.email, c.phone, dc.collaborator_roles, i.name AS institution, i.address
      FROM datasetcollaborators dc JOIN collaborators c ON c.id = dc.collaborator_id LEFT JOIN institutions i ON i.id = c.institution_id
      WHERE dc.dataset_id IN (${ids}) ORDER BY dc.dataset_id, dc.id`.execute(db),
    // COUNT(column) counts the plots that fill it: a column is written when any plot of the dataset does.
    sql<{ dataset_id: number; site: number; latitude: number; longitude: number; elevation: number; treatment: number; trial_row: number; trial_column: number }>`
      SELECT dataset_id, COUNT(location_id) AS site, COUNT(latitude) AS latitude, COUNT(longitude) AS longitude, COUNT(elevation) AS elevation,
        COUNT(treatment_id) AS treatment, COUNT(trial_row) AS trial_row, COUNT(trial_column) AS trial_column
      FROM trialsetup WHERE dataset_id IN (${ids}) GROUP BY dataset_id`.execute(db),
  ]);

  const experiments = new Map<number, IsaExperiment>();
  const detail = new Map(details.rows.map((r) => [Number(r.id), r]));
  for (const r of details.rows) {
    experiments.set(Number(r.experiment_id), { id: Number(r.experiment_id), name: r.experiment_name, description: r.experiment_description, date: r.experiment_date });
  }
  const sites = group(locations.rows, (r): IsaLocation => ({ name: r.site_name, country: r.country_name, latitude: num(r.latitude), longitude: num(r.longitude), elevation: num(r.elevation) }));
  const people = group(contacts.rows, (r): IsaContact => ({
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    affiliation: r.institution,
    roles: r.collaborator_roles,
  }));
  const layout = new Map(
    layouts.rows.map((r): [number, PlotLayout] => [
      Number(r.dataset_id),
      {
        site: Number(r.site) > 0,
        latitude: Number(r.latitude) > 0,
        longitude: Number(r.longitude) > 0,
        elevation: Number(r.elevation) > 0,
        treatment: Number(r.treatment) > 0,
        row: Number(r.trial_row) > 0,
        column: Number(r.trial_column) > 0,
      },
    ]),
  );
  const none: PlotLayout = { site: false, latitude: false, longitude: false, elevation: false, treatment: false, row: false, column: false };
  return {
    experiments: [...experiments.values()].sort((a, b) => a.id - b.id),
    studies: datasets.map((dataset) => ({
      dataset,
      dateStart: detail.get(dataset.id)?.date_start ?? null,
      dateEnd: detail.get(dataset.id)?.date_end ?? null,
      contact: detail.get(dataset.id)?.contact ?? null,
      locations: sites.get(dataset.id) ?? [],
      contacts: people.get(dataset.id) ?? [],
      layout: layout.get(dataset.id) ?? none,
      files: studyFiles(dataset),
    })),
  };
}

/** Rows by their dataset, in the rows' order. */
function group<R extends { dataset_id: number }, T>(rows: readonly R[], map: (row: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const id = Number(row.dataset_id);
    const list = out.get(id) ?? [];
    list.push(map(row));
    out.set(id, list);
  }
  return out;
}
