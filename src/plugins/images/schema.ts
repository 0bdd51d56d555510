import { type } from 'arktype';

/**
 * What the images client and server share: Germinate's ViewTableImages row, the EXIF keys the gallery
 * shows, and the bodies of the image calls.
 */

/** Reference tables whose images the gallery lists and filters by (Germinate's image types: germplasm, traits). */
export const REFERENCE_TABLES = ['germinatebase', 'phenotypes'] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

export interface ImageTag {
  tagId: number;
  tagName: string;
}

export interface ImageRow extends Record<string, unknown> {
  imageId: number;
  imageDescription?: string | null;
  imageForeignId?: number | null;
  imageIsReference?: boolean | null;
  imagePath: string;
  imageExif?: Record<string, string | number> | null;
  imageType?: string | null;
  imageRefTable?: string | null;
  referenceName?: string | null;
  createdOn?: string | null;
  tags?: ImageTag[] | null;
}

/** `PUT image/{id}/tag`: the image's new tag set. */
export const TagList = type('string[] <= 200');

/** `PATCH image/{id}` (ViewTableImages input subset). */
export const ImagePatch = type({
  imageId: 'number.integer',
  'imageDescription?': 'string <= 10000 | null',
  'imageIsReference?': 'boolean | null',
});

/** Tags as Germinate stores them: trimmed and lower-cased, blanks and repeats dropped. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tag !== ''))];
}

/** The EXIF facts the gallery shows, in this order (the keys of Germinate's image row). */
export const EXIF_SHOWN = ['camera', 'lens', 'focalLength', 'fNumber', 'exposureTime', 'isoSpeedRatings', 'flash', 'location', 'dateTime'] as const;
export type ExifFact = (typeof EXIF_SHOWN)[number];

/** The shown EXIF facts of an image, as text; absent facts are left out. */
export function exifFacts(exif: Record<string, string | number> | null | undefined): [ExifFact, string][] {
  if (!exif) return [];
  const text = (key: string) => (exif[key] === undefined || exif[key] === null ? '' : String(exif[key]).trim());
  const joined = (a: string, b: string) => {
    const first = text(a);
    const second = text(b);
    // Models often repeat the make ("Canon" + "Canon EOS 80D").
    return second.toLowerCase().startsWith(first.toLowerCase()) ? second : [first, second].filter(Boolean).join(' ');
  };
  const latitude = exif.gpsLatitude;
  const longitude = exif.gpsLongitude;
  const values: Record<ExifFact, string> = {
    camera: joined('cameraMake', 'cameraModel'),
    lens: joined('lensMake', 'lensModel'),
    focalLength: text('focalLength') && `${text('focalLength')} mm`,
    fNumber: text('fNumber') ? `f/${text('fNumber')}` : text('apertureValue'),
    exposureTime: exposure(text('exposureTime')),
    isoSpeedRatings: text('isoSpeedRatings'),
    flash: text('flash'),
    location: typeof latitude === 'number' && typeof longitude === 'number' ? `${latitude.toFixed(5)}, ${longitude.toFixed(5)}` : '',
    dateTime: (text('dateTimeOriginal') || text('dateTime')).replace('T', ' '),
  };
  return EXIF_SHOWN.filter((key) => values[key] !== '').map((key) => [key, values[key]]);
}

/** An exposure time in seconds as photographers write it: 0.004 → 1/250 s. */
function exposure(seconds: string): string {
  const value = Number(seconds);
  if (seconds === '' || !Number.isFinite(value) || value <= 0) return seconds;
  return value < 1 ? `1/${Math.round(1 / value)} s` : `${value} s`;
}
