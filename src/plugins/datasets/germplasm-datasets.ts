import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pathId } from '../../server/access/users.js';
import type { TableQuery } from '../../server/table/engine.js';
import type { PresentTables } from '../../server/table/optional-tables.js';
import { restrictedPage } from '../../server/table/routes.js';

/**
 * The datasets that hold data of one germplasm: pedigree rows (as the child or as a
 * parent, so that a founder's passport finds the pedigree its children are in), pedigree definitions,
 * trials data (its trialsetup rows) or genotype membership (datasetmembers of member type 2), over the
 * tables that exist. Every part reads one table by an indexed germplasm column and yields dataset ids, so
 * the condition costs a few index probes whatever the size of the data. The id is a bound parameter.
 */
export function germplasmDatasetsSql(germplasmId: number, present: PresentTables): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (present.has('pedigrees')) {
    parts.push(sql`SELECT pe.dataset_id FROM pedigrees pe WHERE pe.germinatebase_id = ${germplasmId}`);
    parts.push(sql`SELECT pp.dataset_id FROM pedigrees pp WHERE pp.parent_id = ${germplasmId}`);
  }
  if (present.has('pedigreedefinitions')) parts.push(sql`SELECT pf.dataset_id FROM pedigreedefinitions pf WHERE pf.germinatebase_id = ${germplasmId}`);
  if (present.has('trialsetup')) parts.push(sql`SELECT ts.dataset_id FROM trialsetup ts WHERE ts.germinatebase_id = ${germplasmId}`);
  if (present.has('datasetmembers')) {
    parts.push(sql`SELECT dm.dataset_id FROM datasetmembers dm WHERE dm.foreign_id = ${germplasmId} AND dm.datasetmembertype_id = 2`);
  }
  // Without any data table no dataset can hold the germplasm's data.
  if (parts.length === 0) return sql`(1 = 0)`;
  return sql`(d.id IN (${sql.join(parts, sql` UNION `)}))`;
}

/**
 * `POST germplasm/{germplasmId}/dataset` (the passport's "Datasets" section; Germinate's pedigree chart asks
 * it with `datasetType equals pedigree`): the datasets table (`datasets`, the view of `dataset/table`, with
 * its filters, sorting, paging and row shape) restricted to the datasets holding data of the germplasm.
 * Like every dataset listing it keeps the datasets the caller may see (administrators: all) without the
 * licence gate, and acceptedBy says whether this caller accepted each licence. `justUnacceptedLicenses` is
 * honoured by `dataset/table` only, as in Germinate. An id that is no integer answers 404 (Germinate's \d+
 * route); an unknown germplasm an empty page.
 */
export function registerGermplasmDatasetRoutes(app: FastifyInstance, datasets: TableQuery, present: PresentTables): void {
  app.post<{ Params: { id: string } }>('/germplasm/:id/dataset', { config: { access: 'public' } }, async (request) => {
    const germplasmId = pathId(request.params.id);
    // The body (a PaginatedRequest) is validated by restrictedPage.
    return restrictedPage(app, datasets, request, germplasmDatasetsSql(germplasmId, present));
  });
  // `POST trait/{traitId}/dataset` (trait details): the datasets with trials data of the trait, on the same
  // terms; without trials tables, none. The trait's values are found through phenotypedata's trait index.
  app.post<{ Params: { id: string } }>('/trait/:id/dataset', { config: { access: 'public' } }, async (request) => {
    const traitId = pathId(request.params.id);
    const condition = present.has('trialsetup')
      ? sql`(d.id IN (SELECT ts.dataset_id FROM trialsetup ts WHERE ts.id IN (SELECT pd.trialsetup_id FROM phenotypedata pd WHERE pd.phenotype_id = ${traitId})))`
      : sql`(1 = 0)`;
    return restrictedPage(app, datasets, request, condition);
  });
}
