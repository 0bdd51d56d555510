import exifr from 'exifr';

/** Germinate's EXIF keys ← exifr tag names (exifr calls EXIF DateTime `ModifyDate`, DateTimeDigitized `CreateDate`). */
const TAGS: [key: string, tag: string][] = [
  ['apertureValue', 'ApertureValue'], ['cameraMake', 'Make'], ['cameraModel', 'Model'], ['colorSpace', 'ColorSpace'],
  ['compression', 'Compression'], ['contrast', 'Contrast'], ['dateTime', 'ModifyDate'], ['dateTimeOriginal', 'DateTimeOriginal'],
  ['dateTimeDigitized', 'CreateDate'], ['digitalZoomRatio', 'DigitalZoomRatio'], ['exifImageHeight', 'ExifImageHeight'],
  ['exifImageWidth', 'ExifImageWidth'], ['exifVersion', 'ExifVersion'], ['exposure', 'ExposureIndex'],
  ['exposureBiasValue', 'ExposureCompensation'], ['exposureMode', 'ExposureMode'], ['exposureProgram', 'ExposureProgram'],
  ['exposureTime', 'ExposureTime'], ['fileSource', 'FileSource'], ['flash', 'Flash'], ['fNumber', 'FNumber'],
  ['focalLength', 'FocalLength'], ['gainControl', 'GainControl'], ['imageHeight', 'ImageHeight'], ['imageWidth', 'ImageWidth'],
  ['isoSpeedRatings', 'ISO'], ['lensMake', 'LensMake'], ['lensModel', 'LensModel'], ['meteringMode', 'MeteringMode'],
  ['orientation', 'Orientation'], ['photometricInterpretation', 'PhotometricInterpretation'], ['samplesPerPixel', 'SamplesPerPixel'],
  ['saturation', 'Saturation'], ['sceneCaptureType', 'SceneCaptureType'], ['sceneType', 'SceneType'], ['sensingMethod', 'SensingMethod'],
  ['sharpness', 'Sharpness'], ['shutterSpeedValue', 'ShutterSpeedValue'], ['userComment', 'UserComment'],
  ['whiteBalance', 'WhiteBalance'], ['whiteBalanceMode', 'WhiteBalance'], ['xResolution', 'XResolution'], ['yResolution', 'YResolution'],
];
const DATE_KEYS = new Set(['dateTime', 'dateTimeOriginal', 'dateTimeDigitized', 'gpsTimestamp']);

const pad = (n: number) => String(n).padStart(2, '0');

/** EXIF times carry no zone: exifr builds them in local time, so the local fields are the camera's clock. */
function wallTime(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return wallTime(value);
  if (value instanceof Uint8Array) {
    // UserComment starts with an 8-byte character code ("ASCII\0\0\0"); other byte tags are plain text.
    const body = value.length > 8 && /^(ASCII|UNICODE|JIS)?\0*$/.test(Buffer.from(value.subarray(0, 8)).toString('latin1')) ? value.subarray(8) : value;
    const decoded = Buffer.from(body).toString('utf8').replace(/\0+/g, '').trim();
    return decoded === '' ? null : decoded;
  }
  if (Array.isArray(value)) return value.map((v) => text(v) ?? '').join(', ');
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return String(value).trim() || null;
  return null;
}

/**
 * The EXIF object stored on an image row (Germinate's keys): strings, except GPS numbers and the numeric
 * orientation code. Null when the image has no EXIF (or it cannot be read: EXIF is a bonus, never a reason
 * to refuse an image).
 */
export async function readExif(content: Uint8Array): Promise<Record<string, string | number> | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = (await exifr.parse(Buffer.from(content), { tiff: true, exif: true, gps: true, ifd1: false, xmp: false, icc: false, iptc: false, jfif: false, ihdr: false })) as Record<string, unknown> | undefined;
  } catch {
    return null;
  }
  if (!tags) return null;
  const out: Record<string, string | number> = {};
  for (const [key, tag] of TAGS) {
    const value = text(tags[tag]);
    if (value !== null && (!DATE_KEYS.has(key) || /^\d{4}-/.test(value))) out[key] = value;
  }
  for (const [key, tag] of [['gpsLatitude', 'latitude'], ['gpsLongitude', 'longitude'], ['gpsAltitude', 'GPSAltitude']] as const) {
    const value = tags[tag];
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  const gpsDate = tags.GPSDateStamp;
  const gpsTime = tags.GPSTimeStamp;
  if (typeof gpsDate === 'string' && /^\d{4}:\d{2}:\d{2}$/.test(gpsDate)) {
    const time = Array.isArray(gpsTime) ? gpsTime.map((n) => pad(Math.floor(Number(n)))).join(':') : typeof gpsTime === 'string' ? gpsTime : '00:00:00';
    out.gpsTimestamp = `${gpsDate.replace(/:/g, '-')}T${time}Z`;
  }
  try {
    const code = await exifr.orientation(Buffer.from(content));
    if (typeof code === 'number') out.orientationCode = code;
  } catch {
    // no orientation: nothing to add
  }
  return Object.keys(out).length > 0 ? out : null;
}
