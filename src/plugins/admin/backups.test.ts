import { describe, expect, it } from 'vitest';
import { added, downloadHref, readBackups, sizeParts, totalBytes } from './backups.js';

const row = (timestamp: string, type: string, filesize: number) => ({
  timestamp,
  germinateVersion: '0.2.0',
  filename: `${timestamp.slice(0, 19).replace('T', '_').replaceAll(':', '-')}_${type}_0.2.0.zip`,
  type,
  filesize,
});

describe('backups pane data', () => {
  it('lists the answer newest first and leaves out malformed entries', () => {
    const older = row('2026-11-20T01:00:00.000Z', 'PERIODICAL', 10);
    const newer = row('2026-11-26T13:05:09.000Z', 'MANUAL', 20);
    const rows = readBackups([older, { filename: 7 }, null, newer, { timestamp: '2026-01-01T00:00:00Z' }]);
    expect(rows.map((r) => r.type)).toEqual(['MANUAL', 'PERIODICAL']);
    expect(readBackups({ not: 'a list' })).toEqual([]);
    // A missing size counts as 0 rather than NaN in the total.
    const sized = readBackups([{ ...older, filesize: 'big' }, newer]);
    expect(totalBytes(sized)).toBe(20);
  });

  it('sizes in binary units, bytes whole and larger units to one decimal', () => {
    expect(sizeParts(0)).toEqual({ value: 0, unit: 'B', fractionDigits: 0 });
    expect(sizeParts(1023)).toEqual({ value: 1023, unit: 'B', fractionDigits: 0 });
    expect(sizeParts(1024)).toMatchObject({ value: 1, unit: 'KiB', fractionDigits: 1 });
    expect(sizeParts(1.5 * 1024 ** 2)).toMatchObject({ value: 1.5, unit: 'MiB' });
    expect(sizeParts(3 * 1024 ** 3)).toMatchObject({ value: 3, unit: 'GiB' });
    expect(sizeParts(2048 * 1024 ** 4)).toMatchObject({ value: 2048, unit: 'TiB' });
    expect(sizeParts(-5).unit).toBe('B');
  });

  it('puts the file name and the main token in the download link, encoded', () => {
    expect(downloadHref('2026-11-26_13-05-09_MANUAL_0.2.0.zip', 'a+b/c')).toBe(
      './api/backup/download?filename=2026-11-26_13-05-09_MANUAL_0.2.0.zip&token=a%2Bb%2Fc',
    );
    expect(downloadHref('x.zip', null)).toBe('./api/backup/download?filename=x.zip');
  });

  it('finds the backups a call added', () => {
    const a = row('2026-11-20T01:00:00.000Z', 'MANUAL', 1);
    const b = row('2026-11-21T01:00:00.000Z', 'MANUAL', 1);
    expect(added(new Set([a.filename]), [b, a])).toEqual([b]);
    expect(added(new Set([a.filename, b.filename]), [b, a])).toEqual([]);
  });
});
