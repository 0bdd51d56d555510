import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FILE_RESOURCE_COLUMNS } from './columns.js';

const read = (locale: string) => JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Keys built from values: the column headers. */
const builtKeys = [
  ...FILE_RESOURCE_COLUMNS.map((column) => column.titleKey),
];

/** Every literal `dataResources.…` key in the plugin's sources. */
function sourceKeys(): string[] {
  const folder = new URL('./', import.meta.url);
  const files = [...readdirSync(folder).map((f) => f), ...readdirSync(new URL('panes/', folder)).map((f) => `panes/${f}`)].filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts'));
  const keys = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(new URL(file, folder), 'utf8').matchAll(/'(dataResources\.[A-Za-z0-9.]+)'/g)) keys.add(match[1]);
  }
  return [...keys];
}

describe('data resources texts', () => {
  it('has every key in English and German', () => {
    const en = read('en_GB');
    const de = read('de_DE');
    const keys = [...new Set([...builtKeys, ...sourceKeys()])];
    expect(keys.length).toBeGreaterThan(25);
    expect(keys.filter((key) => !en[key])).toEqual([]);
    expect(keys.filter((key) => !de[key])).toEqual([]);
  });
});
