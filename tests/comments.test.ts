import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const self = path.join(root, 'tests', 'comments.test.ts');

/**
 * Names of planning documents that are not part of this repository. A comment that cites one leaves
 * readers of the code with nothing to look up, so comments state the rule itself or point at docs/.
 */
const EXTERNAL_CITATION = new RegExp(
  [
    'SPEC §', 'SPEC\\b', 'STYLE §', 'ARCHITECTURE', 'import-rules', 'views\\.md', 'endpoints\\.md', 'schema\\.md',
    'client-behaviour', 'api/README', 'api README', 'CONTRACTS', 'PERFORMANCE\\.md', 'mcpd-codes\\.md',
    // Our own summary lives in docs/; only the planning document of that name is outside.
    '(?<!docs/)pdci\\.md',
  ].join('|'),
);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(full);
    return entry.isFile() && full !== self ? [full] : [];
  });
}

/** Every line of a text file that cites such a document, as `path:line: text`; binary files are skipped. */
function citations(file: string): string[] {
  const bytes = fs.readFileSync(file);
  if (bytes.includes(0)) return [];
  return bytes
    .toString('utf8')
    .split('\n')
    .flatMap((line, i) => (EXTERNAL_CITATION.test(line) ? [`${path.relative(root, file)}:${i + 1}: ${line.trim()}`] : []));
}

describe('source comments', () => {
  it('recognise a citation and leave our own names alone', () => {
    for (const cited of ['(SPEC §4)', 'api/pdci.md §7', 'import-rules §0.5', 'views.md §1', 'CONTRACTS.md §A']) {
      expect(EXTERNAL_CITATION.test(cited), cited).toBe(true);
    }
    for (const ours of ['SPEC_ROUTES', 'docs/pdci.md', 'docs/import-templates.md', 'inSpec']) {
      expect(EXTERNAL_CITATION.test(ours), ours).toBe(false);
    }
  });

  it('state their rule instead of citing documents outside the repository', () => {
    const sources = [...['src', 'tests', 'e2e', 'bench'].flatMap((dir) => files(path.join(root, dir))), path.join(root, 'build.mjs')];
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap(citations)).toEqual([]);
  });
});
