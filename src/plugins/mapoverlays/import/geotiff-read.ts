import { fromArrayBuffer, type GeoTIFF, type GeoTIFFImage } from 'geotiff';
import { crsCode, crsFor, webMercator, type Crs, type Point } from './crs.js';

/** Why a file cannot become a map overlay, in words for the report. */
export class RasterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RasterError';
  }
}

/** WGS84 bounds, as `mapoverlays` stores them. */
export interface Bounds {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Longest side of an overlay PNG, in pixels (Germinate downscales to about 3000). */
export const MAX_OVERLAY_SIDE = 3000;
/**
 * Most pixels read from one raster (the reader decodes the whole image before scaling it down): 100
 * megapixels are some 400 MB of RGBA. Larger images need overviews (internal, e.g. `gdaladdo`), from which the
 * smallest one that is still large enough is read instead.
 */
export const MAX_SOURCE_PIXELS = 100_000_000;

/** A GeoTIFF's first image with what places it: its CRS and the affine grid of its pixels. */
export interface Georeferenced {
  image: GeoTIFFImage;
  /** The image the pixels are read from: the full image, or an overview no smaller than the overlay. */
  source: GeoTIFFImage;
  crs: Crs;
  width: number;
  height: number;
  origin: Point;
  /** Size of one pixel in CRS units: x to the right, y downwards (usually negative). */
  resolution: Point;
}

/** Opens a GeoTIFF and checks that it is placed in a coordinate system we can draw (RasterError if not). */
export async function openGeotiff(bytes: Uint8Array): Promise<Georeferenced> {
  let image: GeoTIFFImage;
  let tiff: GeoTIFF;
  try {
    tiff = await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    image = await tiff.getImage();
  } catch {
    throw new RasterError('The file is not a readable TIFF image.');
  }
  const source = await overview(tiff, image);
  if (source.getWidth() * source.getHeight() > MAX_SOURCE_PIXELS) {
    throw new RasterError(
      `The GeoTIFF has ${image.getWidth()} × ${image.getHeight()} pixels: at most ${MAX_SOURCE_PIXELS / 1_000_000} million can be read. Add overviews (e.g. gdaladdo) or reduce it.`,
    );
  }
  const code = crsCode(image.getGeoKeys() ?? {});
  if (code === null) throw new RasterError('The TIFF names no coordinate reference system (it is not a GeoTIFF).');
  const crs = crsFor(code);
  if (!crs) throw new RasterError(`The coordinate reference system EPSG:${code} is not supported (use WGS84, Web Mercator or a UTM zone).`);
  let origin: number[];
  let resolution: number[];
  try {
    origin = image.getOrigin();
    resolution = image.getResolution();
  } catch {
    throw new RasterError('The GeoTIFF has no tie point and pixel scale, or is rotated: it cannot be placed on a map.');
  }
  if (!resolution.slice(0, 2).every((r) => Number.isFinite(r) && r !== 0)) throw new RasterError('The GeoTIFF has a pixel size of zero.');
  return { image, source, crs, width: image.getWidth(), height: image.getHeight(), origin: [origin[0], origin[1]], resolution: [resolution[0], resolution[1]] };
}

/** The smallest image of the file that still gives the overlay its full size: an overview, or the image itself. */
async function overview(tiff: GeoTIFF, image: GeoTIFFImage): Promise<GeoTIFFImage> {
  const needed = Math.min(MAX_OVERLAY_SIDE, Math.max(image.getWidth(), image.getHeight()));
  let best = image;
  let count: number;
  try {
    count = await tiff.getImageCount();
  } catch {
    return image;
  }
  for (let i = 1; i < count; i += 1) {
    const candidate = await tiff.getImage(i).catch(() => null);
    if (!candidate) continue;
    const [w, h] = [candidate.getWidth(), candidate.getHeight()];
    // An overview has the image's shape; anything else in the file (a mask, another picture) is not one.
    const sameShape = Math.abs(w / h - image.getWidth() / image.getHeight()) < 0.02;
    if (sameShape && Math.max(w, h) >= needed && w * h < best.getWidth() * best.getHeight()) best = candidate;
  }
  return best;
}

/** The CRS position of a (fractional) pixel position of the full-size image. */
function pixelToCrs(g: Georeferenced, column: number, row: number): Point {
  return [g.origin[0] + column * g.resolution[0], g.origin[1] + row * g.resolution[1]];
}

/**
 * The image's extent in WGS84. Its edges are sampled rather than only its corners: in a projected system
 * the straight edges of the raster are curves in longitude/latitude.
 */
export function wgs84Bounds(g: Georeferenced): Bounds {
  const steps = 32;
  const points: Point[] = [];
  for (let i = 0; i <= steps; i += 1) {
    const f = i / steps;
    points.push(
      pixelToCrs(g, f * g.width, 0),
      pixelToCrs(g, f * g.width, g.height),
      pixelToCrs(g, 0, f * g.height),
      pixelToCrs(g, g.width, f * g.height),
    );
  }
  const lngLat = points.map((p) => g.crs.toWgs84(p));
  const lngs = lngLat.map((p) => p[0]);
  const lats = lngLat.map((p) => p[1]);
  const bounds = { south: Math.min(...lats), west: Math.min(...lngs), north: Math.max(...lats), east: Math.max(...lngs) };
  if (!Object.values(bounds).every(Number.isFinite) || bounds.south < -85.06 || bounds.north > 85.06 || bounds.west < -180 || bounds.east > 180) {
    throw new RasterError('The GeoTIFF does not lie within the map (latitude ±85°, longitude ±180°).');
  }
  return bounds;
}

/** Web-Mercator position of WGS84 longitude/latitude. */
export function toMercator(point: Point): Point {
  return webMercator.forward(point) as Point;
}

/** WGS84 longitude/latitude of a Web-Mercator position. */
export function fromMercator(point: Point): Point {
  return webMercator.inverse(point) as Point;
}
