import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import importPlugin from './index.js';
import { DATASET_STATES, TEMPLATE_TYPES } from './templates.js';
import { STAT_KEYS } from './widgets/JobCard.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const read = (locale: string) => JSON.parse(readFileSync(new URL(`../../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Keys built from values; every other key is written out in the source. */
const builtKeys = [
  'shell.plugin.import',
  ...TEMPLATE_TYPES.flatMap((type) => [`import.template.${type}.title`, `import.template.${type}.description`]),
  ...DATASET_STATES.map((state) => `import.datasetState.${state.key}`),
  ...['waiting', 'running', 'completed', 'failed', 'cancelled'].flatMap((status) => [`import.job.status.${status}`, `shell.jobs.status.${status}`]),
  ...STAT_KEYS.map((key) => `import.stats.${key}`),
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

function sourceKeys(): string[] {
  const keys = new Set<string>();
  for (const file of [...files(here), ...['JobsPanel.tsx', 'RemoveJob.tsx'].map((name) => join(here, '../../shell/frame', name))]) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'((?:import|shell\.jobs)\.[A-Za-z0-9_.]+)'/g)) keys.add(match[1]);
  }
  return [...keys].filter((key) => !builtKeys.some((built) => built.startsWith(`${key}.`)));
}

describe('import locale texts', () => {
  const keys = [...builtKeys, ...sourceKeys(), ...(importPlugin.contributes.commands ?? []).map((c) => c.titleKey)];

  it('finds the keys written in the source', () => {
    expect(keys).toContain('import.report.summary');
    expect(keys).toContain('shell.jobs.confirmRemove');
  });

  for (const locale of ['en_GB', 'de_DE']) {
    it(`${locale} has every uploader and jobs panel text`, () => {
      const messages = read(locale);
      expect(keys.filter((k) => typeof messages[k] !== 'string' || messages[k] === '')).toEqual([]);
    });
  }

  it('asks before removing a job with Germinate\'s sentence', () => {
    expect(read('en_GB')['shell.jobs.confirmRemove']).toBe(
      'Removing a running job will cancel it. Removing a finished job will remove it from your list. You will not be able to get it back. Are you sure?',
    );
  });
});
