import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { writeArrayBuffer } from 'geotiff';

export const GEOTIFF_HEADER = ['Dataset Id', 'Reference Id', 'Reference Name', 'Image reference type', 'Image filename', 'Image description', 'Recording Date'];

export interface RasterSpec {
  /** EPSG code of the coordinate reference system. */
  epsg: number;
  width: number;
  height: number;
  /** CRS position of the top-left corner. */
  origin: [number, number];
  /** Pixel size in CRS units (both positive; y grows downwards in the image). */
  pixel: [number, number];
  /** 'rgb': 8-bit RGB, the top half red and the bottom half blue; 'float': one 32-bit band rising left to right, NaN in the first column. */
  kind: 'rgb' | 'float';
  /** For 'rgb': one colour everywhere instead of the red and blue halves. */
  solid?: [number, number, number];
}

/** A GeoTIFF written with geotiff.js (a real TIFF with GeoKeys, as GDAL writes them). */
export function geotiff(spec: RasterSpec): Uint8Array {
  const { width, height } = spec;
  const geo = {
    ModelPixelScale: [spec.pixel[0], spec.pixel[1], 0],
    ModelTiepoint: [0, 0, 0, spec.origin[0], spec.origin[1], 0],
    GTRasterTypeGeoKey: 1,
    ...(spec.epsg === 4326 || spec.epsg === 4258
      ? { GTModelTypeGeoKey: 2, GeographicTypeGeoKey: spec.epsg }
      : { GTModelTypeGeoKey: 1, ProjectedCSTypeGeoKey: spec.epsg }),
  };
  if (spec.kind === 'rgb') {
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const o = (y * width + x) * 3;
        if (spec.solid) data.set(spec.solid, o);
        else if (y < height / 2) data[o] = 255;
        else data[o + 2] = 255;
      }
    }
    return new Uint8Array(writeArrayBuffer(data, { width, height, SamplesPerPixel: 3, BitsPerSample: [8, 8, 8], PhotometricInterpretation: 2, ...geo }));
  }
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) for (let x = 0; x < width; x += 1) data[y * width + x] = x === 0 ? NaN : 0.1 * x;
  return new Uint8Array(writeArrayBuffer(data, { width, height, SamplesPerPixel: 1, BitsPerSample: [32], SampleFormat: [3], PhotometricInterpretation: 1, ...geo }));
}

/** A GeoTIFF template archive: geotiffs.xlsx (sheet IMAGES; header row then `rows`) and the files at the root. */
export async function geotiffZip(
  rows: (string | number | null)[][],
  files: Record<string, Uint8Array>,
  options: { template?: boolean; header?: string[]; sheet?: string } = {},
): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = { ...files };
  if (options.template !== false) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(options.sheet ?? 'IMAGES');
    sheet.addRow(options.header ?? GEOTIFF_HEADER);
    for (const row of rows) sheet.addRow(row);
    entries['geotiffs.xlsx'] = new Uint8Array(await workbook.xlsx.writeBuffer());
  }
  return zipSync(entries);
}

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const STRIP_OR_TILE_OFFSETS = new Set([273, 324]);

/**
 * One classic TIFF (geotiff.js writes big-endian ones; the byte order of `main` is used for all) holding `main` and then `overviews` as further images (IFDs), as
 * gdaladdo stores internal overviews: each appended file's offsets are moved by where it now starts.
 */
export function withOverviews(main: Uint8Array, ...overviews: Uint8Array[]): Uint8Array {
  let out = main.slice();
  // 'II' little-endian, 'MM' big-endian (TIFF 6.0 §2).
  const le = main[0] === 0x49;
  for (const overview of overviews) {
    const shift = out.length + (out.length % 2);
    const moved = new Uint8Array(shift + overview.length);
    moved.set(out);
    moved.set(overview, shift);
    const view = new DataView(moved.buffer);
    // Relocate the appended file's IFD chain.
    let ifd = view.getUint32(shift + 4, le) + shift;
    const firstAppended = ifd;
    while (ifd !== shift) {
      const entries = view.getUint16(ifd, le);
      for (let i = 0; i < entries; i += 1) {
        const entry = ifd + 2 + i * 12;
        const tag = view.getUint16(entry, le);
        const type = view.getUint16(entry + 2, le);
        const count = view.getUint32(entry + 4, le);
        const inline = (TYPE_SIZES[type] ?? 1) * count <= 4;
        if (!inline) view.setUint32(entry + 8, view.getUint32(entry + 8, le) + shift, le);
        if (STRIP_OR_TILE_OFFSETS.has(tag)) {
          const at = inline ? entry + 8 : view.getUint32(entry + 8, le);
          for (let k = 0; k < count; k += 1) {
            if (type === 3) view.setUint16(at + 2 * k, view.getUint16(at + 2 * k, le) + shift, le);
            else view.setUint32(at + 4 * k, view.getUint32(at + 4 * k, le) + shift, le);
          }
        }
      }
      const next = ifd + 2 + entries * 12;
      const nextOffset = view.getUint32(next, le);
      if (nextOffset !== 0) view.setUint32(next, nextOffset + shift, le);
      ifd = nextOffset + shift;
    }
    // Point the last IFD of what came before at the appended file's first.
    let last = view.getUint32(4, le);
    for (;;) {
      const next = last + 2 + view.getUint16(last, le) * 12;
      const nextOffset = view.getUint32(next, le);
      if (nextOffset === 0) {
        view.setUint32(next, firstAppended, le);
        break;
      }
      last = nextOffset;
    }
    out = moved;
  }
  return out;
}
