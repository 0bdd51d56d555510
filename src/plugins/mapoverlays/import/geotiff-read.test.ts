import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { geotiff } from '../../../../tests/import/geotiff-builder.js';
import { crsFor } from './crs.js';
import { openGeotiff, RasterError, wgs84Bounds } from './geotiff-read.js';

describe('GeoTIFF reading', () => {
  it('knows the UTM zones on WGS84 and ETRS89, and nothing it would have to guess', () => {
    const [lng, lat] = crsFor(32631)?.toWgs84([500000, 5_800_000]) ?? [];
    expect(lng).toBeCloseTo(3, 9);
    expect(lat).toBeGreaterThan(52);
    expect(crsFor(32733)?.toWgs84([500000, 10_000_000])[1]).toBeCloseTo(0, 6);
    expect(crsFor(25832)?.toWgs84([500000, 0])[0]).toBeCloseTo(9, 9);
    for (const code of [27700, 2056, 31467, 32661, 0]) expect(crsFor(code), String(code)).toBeNull();
  });

  it('places a Web-Mercator raster', async () => {
    const bounds = wgs84Bounds(await openGeotiff(geotiff({ epsg: 3857, width: 10, height: 10, origin: [0, 100], pixel: [10, 10], kind: 'rgb' })));
    expect(bounds.west).toBeCloseTo(0, 12);
    expect(bounds.east).toBeCloseTo(100 / 111_319.49, 8);
    expect(bounds.north).toBeGreaterThan(bounds.south);
  });

  it('refuses a raster too large to read before decoding any pixel', async () => {
    // 110 megapixels of zeros compress to almost nothing: the size, not the file, is the problem.
    const huge = new Uint8Array(await sharp({ create: { width: 11_000, height: 10_000, channels: 3, background: '#000' } }).tiff({ compression: 'deflate' }).toBuffer());
    const error = await openGeotiff(huge).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RasterError);
    expect((error as Error).message).toContain('11000 × 10000 pixels: at most 100 million');
  });
});
