import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { serverPlugins } from '../../src/plugins/server.js';
import { mcpdImporter } from '../../src/plugins/germplasm/import/mcpd-importer.js';
import type { Database, DialectName } from '../../src/server/db/database.js';
import { runImport } from '../../src/server/import/pipeline.js';
import { mcpdFile } from '../import/mcpd-fixtures.js';

/**
 * The real genotype files the genotype tests import (Germinate's example workbooks, the maize panel's VCF),
 * plain readings of them to compare imports and exports with (not the importer's readers), and the two
 * steps every such test starts with: passports for the files' germplasm, then the import of a file.
 */
const TEMPLATES = '/work/shared/data/germinate-templates/genotypic-data';
export const GENOTYPE_FILES = {
  /** 500 germplasm × 1,000 markers with a map, germplasm as rows. */
  workbook: path.join(TEMPLATES, 'example-allele-calls-germplasm-by-marker.xlsx'),
  /** The same template with markers as rows. */
  transposed: path.join(TEMPLATES, 'example-allele-calls-marker-by-germplasm.xlsx'),
  vcf: '/work/shared/data/maize-diversity-panel-tassel/maize_chr9_10thin40000.recode.vcf',
} as const;

/** The DATA sheet as text rows, read with exceljs. */
export async function dataGrid(file: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('DATA');
  const grid: string[][] = [];
  // columnCount scans the sheet each time it is read.
  const columns = sheet?.columnCount ?? 0;
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= columns; c += 1) cells.push(row.getCell(c).text.trim());
    grid.push(cells);
  });
  return grid;
}

export interface VcfRecord {
  chrom: string;
  pos: string;
  /** ID, or CHROM_POS where the file has none. */
  id: string;
  ref: string;
  /** Per sample: the GT's alleles ('' when any is missing), one allele when all agree, else joined by the GT's separator. */
  calls: string[];
}

/** A VCF read plainly: its samples and records. */
export function readVcf(text: string): { samples: string[]; records: VcfRecord[] } {
  const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('##'));
  const samples = lines[0].split('\t').slice(9);
  const records = lines.slice(1).map((line) => {
    const f = line.split('\t');
    const alleles = [f[3], ...f[4].split(',')];
    const calls = f.slice(9).map((sample) => {
      const gt = sample.split(':')[0];
      const parts = gt.split(/[/|]/);
      if (parts.some((p) => p === '.')) return '';
      const texts = parts.map((p) => alleles[Number(p)]);
      return texts.every((t) => t === texts[0]) ? texts[0] : texts.join(gt.includes('|') ? '|' : '/');
    });
    return { chrom: f[0], pos: f[1], id: f[2] === '.' ? `${f[0]}_${f[1]}` : f[2], ref: f[3], calls };
  });
  return { samples, records };
}

/** The germplasm names of the example workbook's DATA rows (its grid from row 4). */
export const workbookGermplasm = (grid: string[][]): string[] => grid.slice(3).map((r) => r[0]);

/** Passports (ACCENUMB, INSTCODE, GENUS Zea, and any extra fields per name) for the names, written at once. */
export async function seedPassports(database: Database, dialect: DialectName, names: readonly string[], extra: (name: string) => Record<string, string> = () => ({})): Promise<void> {
  const rows = [...new Set(names)].map((name) => ({ ACCENUMB: name, INSTCODE: 'XXX001', GENUS: 'Zea', ...extra(name) }));
  await database.db.transaction().execute((trx) => mcpdImporter.write(mcpdFile(rows), { db: trx, dialect }, { update: false, now: new Date() }));
}

const importers = serverPlugins.flatMap((p) => p.importers ?? []);

/** Imports a genotype file through the pipeline, expects no errors, and answers the new dataset's id. */
export async function importGenotypes(database: Database, dataDir: string, file: string, originalName?: string): Promise<number> {
  const result = await runImport(database, importers, { file, originalName, type: 'genotype', update: false, checkOnly: false }, {
    maxBytes: 256 * 1024 * 1024, now: new Date(), dataDir, userId: null, dataOrientation: null,
  });
  expect(result.issues.filter((i) => i.type === 'ERROR')).toEqual([]);
  return Number(result.stats?.datasetId);
}
