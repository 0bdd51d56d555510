import { describe, expect, it } from 'vitest';
import { dbfFields } from './shapefile-read.js';

describe('dBase field names', () => {
  it('are read from the descriptors up to the terminator', () => {
    const header = Buffer.alloc(32);
    const field = (name: string) => {
      const d = Buffer.alloc(32);
      d.write(name, 0, 'latin1');
      d.write('C', 11, 'latin1');
      d.writeUInt8(10, 16);
      return d;
    };
    const bytes = Buffer.concat([header, field('germplasm'), field('row'), Buffer.from([0x0d]), Buffer.from(' xxxxxxxxxx')]);
    expect(dbfFields(bytes)).toEqual(['germplasm', 'row']);
  });
});
