import fs from 'node:fs/promises';
import type { GenotypeReader, MapReader } from '../genotype-source.js';
import { frequencyCall, openAlleleFrequency } from './allele-frequency.js';
import { openFlatText } from './flat-text.js';
import { openHapmap } from './hapmap.js';
import { openMapFile as openMapText } from './map-file.js';
import { openVcf } from './vcf.js';
import { openGenotypeWorkbook, type WorkbookOrientation } from './workbook.js';

export type { WorkbookOrientation } from './workbook.js';

export interface GenotypeFileOptions {
  /** The uploaded file's extension (`.vcf`, `vcf`) or its whole name (`panel.hmp.txt`); any case. */
  extension: string;
  /** The job's orientation setting; read for workbooks only (default GENOTYPE_GERMPLASM_BY_MARKER). */
  orientation?: WorkbookOrientation | null;
  /**
   * `allelefreq` reads allele frequencies instead of genotype calls: the tab-separated source, or the
   * genotype workbook's DATA sheet (germplasm by marker) holding frequencies.
   */
  datatype?: 'genotype' | 'allelefreq';
  /** Workbooks: what the file may unpack to (default: its own size, at least 1 MiB). */
  maxBytes?: number;
}

/** Genotype extensions by reader; `.hmp.txt` is HapMap, `.txt` a flat file unless it begins as HapMap does. */
export const GENOTYPE_EXTENSIONS = ['.txt', '.tsv', '.dat', '.hapmap', '.hmp.txt', '.vcf', '.xlsx'] as const;
/** Allele frequencies: the tab-separated source and the genotype workbook layout. */
export const ALLELEFREQ_EXTENSIONS = ['.txt', '.tsv', '.xlsx'] as const;
export const MAP_EXTENSIONS = ['.map', '.txt', '.tsv', '.csv'] as const;

/** `.hmp.txt` for a name that ends so; else the last extension, lower case with its dot. */
function extensionOf(extension: string): string {
  const text = extension.trim().toLowerCase();
  if (text.endsWith('.hmp.txt') || text === 'hmp.txt') return '.hmp.txt';
  const dot = text.lastIndexOf('.');
  return dot >= 0 ? text.slice(dot) : `.${text}`;
}

/** The reader of a genotype file by its extension (and, for workbooks, the orientation). */
export async function openGenotypeFile(file: string, options: GenotypeFileOptions): Promise<GenotypeReader> {
  const extension = extensionOf(options.extension);
  if (options.datatype === 'allelefreq') {
    if (extension === '.txt' || extension === '.tsv') return openAlleleFrequency(file);
    if (extension === '.xlsx') return openGenotypeWorkbook(file, 'GENOTYPE_GERMPLASM_BY_MARKER', options.maxBytes, frequencyCall);
    throw unknownExtension(extension, ALLELEFREQ_EXTENSIONS);
  }
  switch (extension) {
    case '.vcf':
      return openVcf(file);
    case '.hapmap':
    case '.hmp.txt':
      return openHapmap(file);
    case '.xlsx':
      return openGenotypeWorkbook(file, options.orientation ?? 'GENOTYPE_GERMPLASM_BY_MARKER', options.maxBytes);
    case '.txt':
      // Uploads are often stored under their last extension only: a HapMap file says so on its first line.
      return (await startsLikeHapmap(file)) ? openHapmap(file) : openFlatText(file);
    case '.tsv':
    case '.dat':
      return openFlatText(file);
    default:
      throw unknownExtension(extension, GENOTYPE_EXTENSIONS);
  }
}

/** The reader of a map file (Flapjack `.map`, or a marker / chromosome / position table). */
export async function openMapFile(file: string, extension: string): Promise<MapReader> {
  const known = extensionOf(extension);
  if (!(MAP_EXTENSIONS as readonly string[]).includes(known)) throw unknownExtension(known, MAP_EXTENSIONS);
  return openMapText(file);
}

function unknownExtension(extension: string, accepted: readonly string[]): Error {
  return new Error(`Genotype files of type ${extension || '(none)'} cannot be read; use ${accepted.join(', ')}.`);
}

/** Whether the file's first bytes are HapMap's first column name (`rs#` and a TAB). */
async function startsLikeHapmap(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const bytes = Buffer.alloc(7);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    const text = bytes.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '');
    return text.toLowerCase().startsWith('rs#\t');
  } finally {
    await handle.close();
  }
}
