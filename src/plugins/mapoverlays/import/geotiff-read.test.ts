import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { geotiff, withOverviews } from '../../../../tests/import/geotiff-builder.js';
import { crsFor } from './crs.js';
import { openGeotiff, RasterError, wgs84Bounds } from './geotiff-read.js';
import { renderOverlay } from './geotiff-render.js';

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

  it('reads the smallest overview that still gives the overlay its full size', async () => {
    // A 6400 px wide strip (red) with overviews of 3200 (green) and 1600 px (blue): the overlay is at most
    // 3000 px wide, so the 3200 px overview is read, not the full image and not the too small one.
    const spec = { epsg: 4326, width: 6400, height: 100, origin: [10, 50] as [number, number], pixel: [0.00001, 0.00001] as [number, number], kind: 'rgb' as const };
    const file = withOverviews(
      geotiff({ ...spec, solid: [255, 0, 0] }),
      geotiff({ ...spec, width: 3200, height: 50, pixel: [0.00002, 0.00002], solid: [0, 255, 0] }),
      geotiff({ ...spec, width: 1600, height: 25, pixel: [0.00004, 0.00004], solid: [0, 0, 255] }),
    );
    const g = await openGeotiff(file);
    expect([g.source.getWidth(), g.source.getHeight()]).toEqual([3200, 50]);
    expect([g.width, g.height]).toEqual([6400, 100]);
    const overlay = await renderOverlay(g);
    expect(overlay.width).toBe(3000);
    const { data, info } = await sharp(overlay.png).raw().toBuffer({ resolveWithObject: true });
    const middle = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4;
    expect([...data.subarray(middle, middle + 4)]).toEqual([0, 255, 0, 255]);
  });
});
