import { zipSync } from 'fflate';

/** One dBase field: C = text, N = number (right-aligned digits). */
export interface DbfField {
  name: string;
  type: 'C' | 'N';
  length: number;
}

export interface PointFeature {
  x: number;
  y: number;
  /** field name → cell text ('' = empty) */
  values: Record<string, string>;
}

export const LAYOUT_FIELDS: DbfField[] = [
  { name: 'germplasm', type: 'C', length: 40 },
  { name: 'row', type: 'N', length: 6 },
  { name: 'column', type: 'N', length: 6 },
];

/** The 100-byte header shared by .shp and .shx (ESRI Shapefile Technical Description, 1998). */
function mainHeader(lengthInWords: number, features: PointFeature[]): Buffer {
  const header = Buffer.alloc(100);
  header.writeInt32BE(9994, 0);
  header.writeInt32BE(lengthInWords, 24);
  header.writeInt32LE(1000, 28);
  header.writeInt32LE(1, 32); // point
  const xs = features.map((f) => f.x);
  const ys = features.map((f) => f.y);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) => header.writeDoubleLE(v, 36 + i * 8));
  return header;
}

/** .shp and .shx of point features: each record is an 8-byte header and 20 bytes of content (10 words). */
export function shpAndShx(features: PointFeature[]): { shp: Buffer; shx: Buffer } {
  const records = features.map((f, i) => {
    const record = Buffer.alloc(28);
    record.writeInt32BE(i + 1, 0);
    record.writeInt32BE(10, 4);
    record.writeInt32LE(1, 8);
    record.writeDoubleLE(f.x, 12);
    record.writeDoubleLE(f.y, 20);
    return record;
  });
  const shp = Buffer.concat([mainHeader(50 + features.length * 14, features), ...records]);
  const index = features.map((_, i) => {
    const entry = Buffer.alloc(8);
    entry.writeInt32BE(50 + i * 14, 0);
    entry.writeInt32BE(10, 4);
    return entry;
  });
  const shx = Buffer.concat([mainHeader(50 + features.length * 4, features), ...index]);
  return { shp, shx };
}

/** A dBase III table: 32-byte header, 32-byte field descriptors, 0x0D, fixed-width records, 0x1A. */
export function dbf(fields: DbfField[], features: PointFeature[]): Buffer {
  const recordLength = 1 + fields.reduce((n, f) => n + f.length, 0);
  const headerLength = 32 + fields.length * 32 + 1;
  const header = Buffer.alloc(32);
  header.writeUInt8(0x03, 0);
  header.writeUInt8(125, 1);
  header.writeUInt8(1, 2);
  header.writeUInt8(1, 3);
  header.writeUInt32LE(features.length, 4);
  header.writeUInt16LE(headerLength, 8);
  header.writeUInt16LE(recordLength, 10);
  const descriptors = fields.map((f) => {
    const d = Buffer.alloc(32);
    d.write(f.name, 0, 10, 'latin1');
    d.write(f.type, 11, 1, 'latin1');
    d.writeUInt8(f.length, 16);
    return d;
  });
  const records = features.map((feature) => {
    const cells = fields.map((f) => {
      const text = (feature.values[f.name] ?? '').slice(0, f.length);
      return f.type === 'N' ? text.padStart(f.length, ' ') : text.padEnd(f.length, ' ');
    });
    return Buffer.from(` ${cells.join('')}`, 'latin1');
  });
  return Buffer.concat([header, ...descriptors, Buffer.from([0x0d]), ...records, Buffer.from([0x1a])]);
}

/** A zipped layer `name`.shp/.shx/.dbf (plus any extra members), as an upload would bring it. */
export function shapefileZip(features: PointFeature[], options: { fields?: DbfField[]; name?: string; leaveOut?: string[]; extra?: Record<string, Uint8Array> } = {}): Uint8Array {
  const name = options.name ?? 'layout';
  const { shp, shx } = shpAndShx(features);
  const members: Record<string, Uint8Array> = {
    [`${name}.shp`]: shp,
    [`${name}.shx`]: shx,
    [`${name}.dbf`]: dbf(options.fields ?? LAYOUT_FIELDS, features),
    ...options.extra,
  };
  for (const left of options.leaveOut ?? []) delete members[`${name}${left}`];
  return zipSync(members);
}

/** A plot feature at (row, column) of `germplasm`. */
export function plot(germplasm: string, row: string, column: string): PointFeature {
  return { x: -3.1 + Number(column || 0) * 0.0001, y: 56.5 + Number(row || 0) * 0.0001, values: { germplasm, row, column } };
}
