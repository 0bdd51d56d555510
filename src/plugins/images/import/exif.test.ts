import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readExif } from './exif.js';

describe('EXIF', () => {
  it('maps camera, dates, orientation and GPS to the image EXIF keys', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'X-1', DateTime: '2024:05:06 07:08:09' },
        IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', FNumber: '28/10' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '10/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 15/1 0/1' },
      })
      .withMetadata({ orientation: 8 })
      .toBuffer();
    const exif = await readExif(jpeg);
    expect(exif).toMatchObject({
      cameraMake: 'TestCam', cameraModel: 'X-1', dateTime: '2024-05-06T07:08:09', dateTimeOriginal: '2024-05-06T07:08:09',
      fNumber: '2.8', orientationCode: 8, gpsLatitude: -10.5, gpsLongitude: -2.25,
    });
  });

  it('is null for images without EXIF and for bytes that are no image', async () => {
    const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } }).png().toBuffer();
    expect(await readExif(png)).toBeNull();
    expect(await readExif(new TextEncoder().encode('not an image'))).toBeNull();
  });
});
