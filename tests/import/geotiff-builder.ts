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
        if (y < height / 2) data[o] = 255;
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
