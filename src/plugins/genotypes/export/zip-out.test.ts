import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipOut } from './zip-out.js';

describe('streamed zip', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-out-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Chunks of 1 MiB of varied text (each deflated as its own piece), `count` of them. */
  function* chunks(count: number, seed: number): Generator<Buffer> {
    let state = seed;
    for (let c = 0; c < count; c += 1) {
      const chunk = Buffer.alloc(1 << 20);
      for (let i = 0; i < chunk.length; i += 1) {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        chunk[i] = 'ACGT/\t\n'.charCodeAt(state % 7);
      }
      yield chunk;
    }
  }

  it('writes entries of many pieces that unzip to exactly their bytes, and moves the archive into place', async () => {
    const target = path.join(dir, 'whole.zip');
    const zip = await ZipOut.create(target);
    expect(await zip.entry('a.txt', chunks(7, 1))).toBe(7 << 20);
    expect(await zip.entry('empty.txt', [])).toBe(0);
    expect(await zip.entry('b.txt', [Buffer.from('last\n')])).toBe(5);
    expect(fs.existsSync(target)).toBe(false);
    const bytes = await zip.finish();
    expect(fs.statSync(target).size).toBe(bytes);
    const files = unzipSync(fs.readFileSync(target));
    expect(Object.keys(files)).toEqual(['a.txt', 'empty.txt', 'b.txt']);
    expect(Buffer.from(files['a.txt']).equals(Buffer.concat([...chunks(7, 1)]))).toBe(true);
    expect(files['empty.txt']).toHaveLength(0);
    expect(Buffer.from(files['b.txt']).toString()).toBe('last\n');
  });

  it('removes the partial archive when an entry fails or is aborted', async () => {
    const target = path.join(dir, 'broken.zip');
    const zip = await ZipOut.create(target);
    const failing = (function* () {
      yield* chunks(2, 3);
      throw new Error('the source broke');
    })();
    await expect(zip.entry('a.txt', failing)).rejects.toThrow('the source broke');
    expect(fs.existsSync(ZipOut.partialOf(target))).toBe(true);
    await zip.abort();
    expect(fs.readdirSync(dir).filter((name) => name.startsWith('broken'))).toEqual([]);
  });
});
