import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (locale: string) => JSON.parse(fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8')) as Record<string, string>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('locales', () => {
  const en = read('en_GB');
  const de = read('de_DE');

  it('German has exactly the English keys, none empty', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of [...Object.entries(en), ...Object.entries(de)]) expect(text.trim(), key).not.toBe('');
  });

  it('every import status raised in the source has a message', () => {
    const statuses = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/issue\(\s*'([A-Z_]+)'/g)) statuses.add(match[1]);
    }
    for (const status of statuses) expect(en[`importStatus.${status}`], status).toBeDefined();
  });

  it('every reason phrase the server sends has a message', () => {
    const phrases = new Set<string>();
    for (const file of sourceFiles(path.join(root, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:sendError\([^,]+,\s*\d{3},\s*|new HttpError\(\d{3},\s*)'([A-Z_]+)'/g)) phrases.add(match[1]);
    }
    expect(phrases.size).toBeGreaterThan(0);
    for (const phrase of phrases) {
      if (phrase === 'UNAUTHORIZED' || phrase === 'INTERNAL_SERVER_ERROR') continue; // status messages cover these
      expect(en[`reasonPhrase.${phrase}`], phrase).toBeDefined();
    }
  });
});
