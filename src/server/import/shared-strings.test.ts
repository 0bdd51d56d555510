import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedStrings } from './shared-strings.js';
import { SPILL_PAGE, SpillBytes } from './spill-bytes.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-spill-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Deterministic strings of every awkward kind: multi-byte, astral, combining, empty, longer than a page. */
function sample(n: number): string | null {
  switch (n % 11) {
    case 0:
      return `ACC-${n}`;
    case 1:
      return `Gerste ß ü Ø ${n}`;
    case 2:
      return `大麦 ${n} ячмень`;
    case 3:
      return `🌾${n}🌾`;
    case 4:
      return `e\u0301 ${n}`;
    case 5:
      return '';
    case 6:
      return null;
    case 7:
      // Longer than a page when n is a multiple of 7 and 11 (every 77th string).
      return n % 7 === 0 ? `${'Ä'.repeat(SPILL_PAGE / 2 + n)}|${n}` : `${'x'.repeat(n % 300)}€`;
    default:
      return `${n}`;
  }
}

describe('SharedStrings', () => {
  it('gives back every string exactly, in memory and spilled to a file, in any order', () => {
    const count = 30_000;
    for (const memoryBytes of [64 * 1024 * 1024, 3 * SPILL_PAGE, 0]) {
      let spills = 0;
      const store = new SharedStrings({ memoryBytes, dir: scratch, onSpill: () => (spills += 1) });
      for (let n = 0; n < count; n += 1) store.add(sample(n));
      expect(store.size).toBe(count);
      // Only the large budget holds everything in memory; spilling is announced once.
      expect(spills).toBe(memoryBytes === 64 * 1024 * 1024 ? 0 : 1);
      for (let n = 0; n < count; n += 1) expect(store.get(n)).toBe(sample(n));
      // Jumps back and forth, so pages are evicted from the cache and read again.
      for (let step = 0; step < 5_000; step += 1) {
        const n = (step * 7919) % count;
        expect(store.get(n)).toBe(sample(n));
      }
      store.close();
    }
  });

  it('keeps rich text as its plain text, and nothing as nothing, not as an empty text', () => {
    const store = new SharedStrings({ memoryBytes: 0, dir: scratch });
    store.add({ richText: [{ text: 'Hor' }, { text: null }, { text: 'deum 🌾' }] });
    store.add({ richText: [{ text: null }] });
    store.add('');
    store.add(null);
    store.add(undefined);
    expect([0, 1, 2, 3, 4].map((n) => store.get(n))).toEqual(['Hordeum 🌾', '', '', null, null]);
    store.close();
  });

  it('answers like an array outside the table and through the view exceljs indexes', () => {
    const store = new SharedStrings({ dir: scratch });
    store.add('a');
    store.add('b');
    const view = store.asArrayLike();
    expect([view[0], view[1], view[2], view[-1], view[Number.NaN]]).toEqual(['a', 'b', undefined, undefined, undefined]);
    expect(view.length).toBeUndefined();
    expect(store.get(1.5)).toBeUndefined();
    store.close();
  });
});

describe('SpillBytes', () => {
  it('leaves no file behind: the temporary file is unlinked as soon as it is open', () => {
    const dir = fs.mkdtempSync(path.join(scratch, 'files-'));
    const bytes = new SpillBytes({ memoryBytes: SPILL_PAGE, dir });
    const chunk = Buffer.alloc(SPILL_PAGE * 3 + 5, 7);
    bytes.append(chunk);
    expect(bytes.spilled).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(bytes.length).toBe(chunk.length);
    expect(bytes.byteAt(SPILL_PAGE * 2 + 1)).toBe(7);
    bytes.close();
    bytes.close();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('decodes a character split between two pages, one in memory and one in the file', () => {
    const bytes = new SpillBytes({ memoryBytes: SPILL_PAGE, dir: scratch, cachePages: 1 });
    // '€' is three bytes: its first lands at the end of page 0, the rest on page 1.
    bytes.append(Buffer.alloc(SPILL_PAGE - 1, 0x61));
    const euro = bytes.appendText('€ und ß');
    bytes.append(Buffer.alloc(SPILL_PAGE * 2, 0x62));
    expect(bytes.text(SPILL_PAGE - 1, SPILL_PAGE - 1 + euro)).toBe('€ und ß');
    expect(bytes.text(5, 5)).toBe('');
    bytes.close();
  });
});
