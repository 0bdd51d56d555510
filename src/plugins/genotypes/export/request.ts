import { type } from 'arktype';

const ids = type('number.integer').array().atMostLength(100_000).or('null');
const groupIds = type('number.integer').array().atMostLength(1000).or('null');
const flag = type('boolean').or('null');

/**
 * Germinate's SubsettedGenotypeDatasetRequest: the datasets, the markers (`xIds`, `xGroupIds`) and germplasm
 * (`yIds`, `yGroupIds`) to export, a map (`mapId`) and the files; `generateVcf` is this server's addition.
 * The paging fields the summary call also carries (and the client's `currentItemCount`) are ignored.
 */
export const GenotypeExportRequest = type({
  'datasetIds?': ids,
  'xIds?': ids,
  'xGroupIds?': groupIds,
  'yIds?': ids,
  'yGroupIds?': groupIds,
  'mapId?': type('number.integer').or('null'),
  'generateFlatFile?': flag,
  'generateHapMap?': flag,
  // A Flapjack project is made by Germinate's flapjack.jar, which this server does not have: the flag is
  // accepted and recorded, and no project file is written.
  'generateFlapjackProject?': flag,
  'generateVcf?': flag,
  // Our addition: a Flapjack phenotype file of these traits' values recorded in these trials datasets.
  'phenotypeDatasetIds?': groupIds,
  'phenotypeTraitIds?': groupIds,
  '+': 'ignore',
});
export type GenotypeExportRequest = typeof GenotypeExportRequest.infer;

/** A non-empty list, or null: Germinate reads an empty list as "no restriction". */
export const someIds = (list: readonly number[] | null | undefined): number[] | null => (list && list.length > 0 ? [...list] : null);

/** Whether the request asks for a phenotype file: trials datasets and traits both named. */
export const wantsPhenotypes = (request: GenotypeExportRequest): boolean =>
  someIds(request.phenotypeDatasetIds) !== null && someIds(request.phenotypeTraitIds) !== null;

/** The job's fileTypes as Germinate names them (`text`, `flapjack`, `hapmap`), plus `vcf` and `phenotype`. */
export function fileTypes(request: GenotypeExportRequest): string[] {
  const types: string[] = [];
  if (request.generateFlatFile !== false) types.push('text');
  if (request.generateFlapjackProject === true) types.push('flapjack');
  if (request.generateHapMap === true) types.push('hapmap');
  if (request.generateVcf === true) types.push('vcf');
  if (wantsPhenotypes(request)) types.push('phenotype');
  return types;
}
