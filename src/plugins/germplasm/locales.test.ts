import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMPARATORS } from '../../core/table-request.js';
import { GERMPLASM_COLUMNS } from './columns.js';
import germplasmPlugin from './index.js';
import { MCPD_FIELDS } from './passport-data.js';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('germplasm locale texts', () => {
  const keys = [
    ...GERMPLASM_COLUMNS.map((c) => `germplasm.column.${c}`),
    ...MCPD_FIELDS.map((f) => `germplasm.mcpd.${f}`),
    ...COMPARATORS.map((c) => `filter.comparator.${c}`),
    ...(germplasmPlugin.contributes.panes ?? []).map((p) => p.titleKey),
    ...(germplasmPlugin.contributes.commands ?? []).map((c) => c.titleKey),
  ];
  for (const locale of ['en_GB', 'de_DE']) {
    it(`${locale} has every column, MCPD field, comparator, pane and command text`, () => {
      const messages = read(locale);
      expect(keys.filter((k) => typeof messages[k] !== 'string' || messages[k] === '')).toEqual([]);
    });
  }

  it('keeps the PDCI sentence of the old client', () => {
    expect(read('en_GB')['germplasm.pdci.score']).toBe('The score of this item is: {pdci}/10');
  });
});
