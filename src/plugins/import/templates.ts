/**
 * The data templates a curator can upload: Germinate's datatype names, the file types each accepts, and
 * which options apply.
 */

export const TEMPLATE_TYPES = ['mcpd', 'pedigree', 'groups', 'trial', 'genotype', 'allelefreq', 'climate', 'images', 'shapefile', 'geotiff'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export interface TemplateInfo {
  type: TemplateType;
  /** Accepted file name endings, lower case with the dot. */
  extensions: readonly string[];
  /** Whether a blank template can be downloaded (`api/import/template/{type}/blank`). */
  blank: boolean;
  /** Insert new records or update existing ones: MCPD (germplasm by ACCENUMB) and groups (a same-named group of the same type and owner). */
  updateMode: boolean;
  /** Templates that create a dataset ask for its state (public, private, hidden). */
  datasetState: boolean;
  /** Shapefiles are laid onto an existing trials dataset. */
  targetDataset: boolean;
  /** Genotype workbooks hold germplasm as rows or as columns; the uploader asks which. */
  orientation: boolean;
  /** Genotypes and allele frequencies may create the germplasm their file names but the database lacks, if asked. */
  createGermplasm?: boolean;
}

export const TEMPLATES: Record<TemplateType, TemplateInfo> = {
  mcpd: { type: 'mcpd', extensions: ['.xlsx', '.txt', '.tsv', '.csv'], blank: true, updateMode: true, datasetState: false, targetDataset: false, orientation: false },
  pedigree: { type: 'pedigree', extensions: ['.xlsx'], blank: true, updateMode: false, datasetState: true, targetDataset: false, orientation: false },
  groups: { type: 'groups', extensions: ['.xlsx'], blank: true, updateMode: true, datasetState: false, targetDataset: false, orientation: false },
  trial: { type: 'trial', extensions: ['.xlsx'], blank: true, updateMode: false, datasetState: true, targetDataset: false, orientation: false },
  // Germinate's workbook and flat text, Flapjack genotypes (.dat) and maps (.map), HapMap and VCF.
  genotype: {
    type: 'genotype',
    extensions: ['.xlsx', '.txt', '.tsv', '.dat', '.hapmap', '.hmp.txt', '.vcf', '.map'],
    blank: true,
    updateMode: false,
    datasetState: true,
    targetDataset: false,
    orientation: true,
    createGermplasm: true,
  },
  // Germinate's tab-separated allele-frequency source (with the genotype flat file's header lines), or the
  // genotype workbook holding frequencies (germplasm by marker): its blank is the genotype workbook.
  allelefreq: {
    type: 'allelefreq', extensions: ['.txt', '.tsv', '.xlsx'], blank: true, updateMode: false, datasetState: true, targetDataset: false, orientation: false,
    createGermplasm: true,
  },
  climate: { type: 'climate', extensions: ['.xlsx'], blank: true, updateMode: false, datasetState: true, targetDataset: false, orientation: false },
  images: { type: 'images', extensions: ['.zip'], blank: true, updateMode: false, datasetState: false, targetDataset: false, orientation: false },
  shapefile: { type: 'shapefile', extensions: ['.zip'], blank: false, updateMode: false, datasetState: false, targetDataset: true, orientation: false },
  // The template names each GeoTIFF's dataset itself (column Dataset Id).
  geotiff: { type: 'geotiff', extensions: ['.zip'], blank: true, updateMode: false, datasetState: false, targetDataset: false, orientation: false },
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

/**
 * How a genotype workbook lies: germplasm as rows and markers as columns (Germinate's default), or the other
 * way round. Only workbooks (.xlsx) read it: the other formats say their own orientation.
 */
export const DATA_ORIENTATIONS = ['GENOTYPE_GERMPLASM_BY_MARKER', 'GENOTYPE_MARKER_BY_GERMPLASM'] as const;
export type DataOrientation = (typeof DATA_ORIENTATIONS)[number];
export const DEFAULT_ORIENTATION: DataOrientation = 'GENOTYPE_GERMPLASM_BY_MARKER';

export interface UploadOptions {
  type: TemplateType;
  update: boolean;
  datasetStateId: number;
  datasetId: number | null;
  /** Genotypes only; default germplasm × marker. */
  dataOrientation?: DataOrientation;
  /** Genotypes and allele frequencies: create unknown germplasm (name only) instead of rejecting the file; default no. */
  createGermplasm?: boolean;
}

/** The query of `POST import/template/file`, as Germinate's client sends it. */
export function uploadQuery(options: UploadOptions): Record<string, string> {
  const info = TEMPLATES[options.type];
  const query: Record<string, string> = {
    type: options.type,
    update: String(info.updateMode && options.update),
    // Germinate sends an orientation with every upload; only genotype uploads let the curator choose it.
    dataOrientation: (info.orientation && options.dataOrientation) || DEFAULT_ORIENTATION,
    datasetStateId: String(info.datasetState ? options.datasetStateId : 1),
  };
  if (info.targetDataset && options.datasetId !== null) query.datasetId = String(options.datasetId);
  // Sent only when asked for (Germinate has no such parameter; its absence means no).
  if (info.createGermplasm === true && options.createGermplasm === true) query.createGermplasm = 'true';
  return query;
}

/** Whether the options are complete enough to upload (a shapefile needs its dataset). */
export function optionsReady(options: UploadOptions): boolean {
  return !TEMPLATES[options.type].targetDataset || options.datasetId !== null;
}
