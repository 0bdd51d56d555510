/**
 * The data templates a curator can upload (issue 6): Germinate's datatype names,
 * the file types each accepts, and which options apply. Genotype templates come with their domain later;
 * they are left out rather than offered and refused.
 */

export const TEMPLATE_TYPES = ['mcpd', 'pedigree', 'groups', 'trial', 'climate', 'images', 'shapefile', 'geotiff'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export interface TemplateInfo {
  type: TemplateType;
  /** Accepted file name endings, lower case with the dot. */
  extensions: readonly string[];
  /** Whether a blank template can be downloaded (`api/import/template/{type}/blank`). */
  blank: boolean;
  /** MCPD only: insert new germplasm or update existing ones. */
  updateMode: boolean;
  /** Templates that create a dataset ask for its state (public, private, hidden). */
  datasetState: boolean;
  /** Shapefiles are laid onto an existing trials dataset. */
  targetDataset: boolean;
}

export const TEMPLATES: Record<TemplateType, TemplateInfo> = {
  mcpd: { type: 'mcpd', extensions: ['.xlsx', '.txt', '.tsv', '.csv'], blank: true, updateMode: true, datasetState: false, targetDataset: false },
  pedigree: { type: 'pedigree', extensions: ['.xlsx'], blank: true, updateMode: false, datasetState: true, targetDataset: false },
  groups: { type: 'groups', extensions: ['.xlsx'], blank: true, updateMode: false, datasetState: false, targetDataset: false },
  trial: { type: 'trial', extensions: ['.xlsx'], blank: true, updateMode: false, datasetState: true, targetDataset: false },
  climate: { type: 'climate', extensions: ['.xlsx'], blank: true, updateMode: false, datasetState: true, targetDataset: false },
  images: { type: 'images', extensions: ['.zip'], blank: true, updateMode: false, datasetState: false, targetDataset: false },
  shapefile: { type: 'shapefile', extensions: ['.zip'], blank: false, updateMode: false, datasetState: false, targetDataset: true },
  // The template names each GeoTIFF's dataset itself (column Dataset Id).
  geotiff: { type: 'geotiff', extensions: ['.zip'], blank: true, updateMode: false, datasetState: false, targetDataset: false },
};

export function isTemplateType(value: unknown): value is TemplateType {
  return typeof value === 'string' && (TEMPLATE_TYPES as readonly string[]).includes(value);
}

/** Dataset states (core table datasetstates): 1 public (default), 2 private, 3 hidden. */
export const DATASET_STATES = [
  { id: 1, key: 'public' },
  { id: 2, key: 'private' },
  { id: 3, key: 'hidden' },
] as const;

/** Whether the file's name ends in one of the template's extensions (case does not matter). */
export function acceptsFile(type: TemplateType, fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return TEMPLATES[type].extensions.some((extension) => lower.endsWith(extension));
}

export interface UploadOptions {
  type: TemplateType;
  update: boolean;
  datasetStateId: number;
  datasetId: number | null;
}

/** The query of `POST import/template/file`, as Germinate's client sends it. */
export function uploadQuery(options: UploadOptions): Record<string, string> {
  const info = TEMPLATES[options.type];
  const query: Record<string, string> = {
    type: options.type,
    update: String(info.updateMode && options.update),
    dataOrientation: 'GENOTYPE_GERMPLASM_BY_MARKER',
    datasetStateId: String(info.datasetState ? options.datasetStateId : 1),
  };
  if (info.targetDataset && options.datasetId !== null) query.datasetId = String(options.datasetId);
  return query;
}

/** Whether the options are complete enough to upload (a shapefile needs its dataset). */
export function optionsReady(options: UploadOptions): boolean {
  return !TEMPLATES[options.type].targetDataset || options.datasetId !== null;
}
