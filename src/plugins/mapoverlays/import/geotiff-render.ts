import sharp from 'sharp';
import { fromMercator, MAX_OVERLAY_SIDE, toMercator, wgs84Bounds, type Bounds, type Georeferenced } from './geotiff-read.js';
import type { Point } from './crs.js';

/** Output pixels between exactly projected grid points; positions in between are interpolated. */
const GRID = 16;

export interface Overlay {
  png: Buffer;
  bounds: Bounds;
  width: number;
  height: number;
}

/** RGBA pixels of the image read at `width` × `height` (nearest neighbour), from an overview where there is one. */
async function readRgba(g: Georeferenced, width: number, height: number): Promise<Uint8ClampedArray> {
  const image = g.source;
  const bits = image.getBitsPerSample(0);
  const format = image.getSampleFormat(0);
  const noData = g.image.getGDALNoData();
  const size = { width, height, resampleMethod: 'nearest', interleave: true } as const;
  const out = new Uint8ClampedArray(width * height * 4);
  if (bits === 8 && format === 1) {
    // 8-bit images (RGB, grey, palette, YCbCr…) as the TIFF's photometric interpretation says.
    const rgb = await image.readRGB({ ...size, enableAlpha: true });
    const channels = rgb.length / (width * height);
    for (let i = 0, o = 0; i < rgb.length; i += channels, o += 4) {
      out[o] = rgb[i];
      out[o + 1] = rgb[i + 1];
      out[o + 2] = rgb[i + 2];
      const transparent = noData !== null && rgb[i] === noData && rgb[i + 1] === noData && rgb[i + 2] === noData;
      out[o + 3] = transparent ? 0 : channels === 4 ? rgb[i + 3] : 255;
    }
    return out;
  }
  // Measurements (elevation, NDVI, temperature…): the first band stretched from its minimum to its maximum
  // as grey; no-data and NaN stay transparent.
  const values = await image.readRasters({ ...size, samples: [0] });
  const valid = (v: number) => Number.isFinite(v) && v !== noData;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i += 1) {
    const v = Number(values[i]);
    if (valid(v)) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  const span = max > min ? max - min : 1;
  for (let i = 0, o = 0; i < values.length; i += 1, o += 4) {
    const v = Number(values[i]);
    const grey = valid(v) ? Math.round(((v - min) / span) * 255) : 0;
    out[o] = grey;
    out[o + 1] = grey;
    out[o + 2] = grey;
    out[o + 3] = valid(v) ? 255 : 0;
  }
  return out;
}

/**
 * The image warped to Web Mercator (the maps' projection) as a PNG, and its WGS84 bounds: what gdalwarp and
 * gdal_translate make for Germinate. Each output pixel takes the nearest source pixel; the exact projection
 * runs on a grid every 16 pixels and is interpolated in between (GDAL's approximate transformer does the
 * same), which keeps a 3000 × 3000 overlay to some 35,000 projections. Outside the image is transparent.
 */
export async function renderOverlay(g: Georeferenced, signal?: AbortSignal): Promise<Overlay> {
  const bounds = wgs84Bounds(g);
  const scale = Math.min(1, MAX_OVERLAY_SIDE / Math.max(g.width, g.height));
  const sw = Math.max(1, Math.round(g.width * scale));
  const sh = Math.max(1, Math.round(g.height * scale));
  const source = await readRgba(g, sw, sh);
  signal?.throwIfAborted();

  const [x0, y0] = toMercator([bounds.west, bounds.south]);
  const [x1, y1] = toMercator([bounds.east, bounds.north]);
  const longest = Math.max(sw, sh);
  const aspect = (x1 - x0) / (y1 - y0);
  const width = Math.max(1, Math.round(aspect >= 1 ? longest : longest * aspect));
  const height = Math.max(1, Math.round(aspect >= 1 ? longest / aspect : longest));

  // Source pixel (in the read size) of an output pixel's centre, exactly.
  const pixelX = g.resolution[0] * (g.width / sw);
  const pixelY = g.resolution[1] * (g.height / sh);
  const exact = (i: number, j: number): Point => {
    const lngLat = fromMercator([x0 + ((i + 0.5) / width) * (x1 - x0), y1 - ((j + 0.5) / height) * (y1 - y0)]);
    const [x, y] = g.crs.fromWgs84(lngLat);
    return [(x - g.origin[0]) / pixelX, (y - g.origin[1]) / pixelY];
  };
  const nodes = (n: number) => {
    const list: number[] = [];
    for (let k = 0; k < n - 1; k += GRID) list.push(k);
    list.push(n - 1);
    return list;
  };
  const gi = nodes(width);
  const gj = nodes(height);
  const grid = gj.map((j) => gi.map((i) => exact(i, j)));

  const out = Buffer.alloc(width * height * 4);
  for (let b = 0; b < gj.length; b += 1) {
    signal?.throwIfAborted();
    const jStart = gj[b];
    const jEnd = b + 1 < gj.length ? gj[b + 1] : jStart + 1;
    const below = Math.min(b + 1, gj.length - 1);
    for (let j = jStart; j < jEnd; j += 1) {
      const tj = below !== b ? (j - jStart) / (gj[below] - jStart) : 0;
      for (let a = 0; a < gi.length; a += 1) {
        const iStart = gi[a];
        const iEnd = a + 1 < gi.length ? gi[a + 1] : iStart + 1;
        const right = Math.min(a + 1, gi.length - 1);
        const [p00, p10, p01, p11] = [grid[b][a], grid[b][right], grid[below][a], grid[below][right]];
        for (let i = iStart; i < iEnd; i += 1) {
          const ti = right !== a ? (i - iStart) / (gi[right] - iStart) : 0;
          const sx = (1 - tj) * ((1 - ti) * p00[0] + ti * p10[0]) + tj * ((1 - ti) * p01[0] + ti * p11[0]);
          const sy = (1 - tj) * ((1 - ti) * p00[1] + ti * p10[1]) + tj * ((1 - ti) * p01[1] + ti * p11[1]);
          const c = Math.floor(sx);
          const r = Math.floor(sy);
          if (c < 0 || r < 0 || c >= sw || r >= sh) continue;
          const s = (r * sw + c) * 4;
          const o = (j * width + i) * 4;
          out[o] = source[s];
          out[o + 1] = source[s + 1];
          out[o + 2] = source[s + 2];
          out[o + 3] = source[s + 3];
        }
      }
    }
  }
  const png = await sharp(out, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 9 }).toBuffer();
  return { png, bounds, width, height };
}
