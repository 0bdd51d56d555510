import { MAX_INTEGER } from '../../core/table-request.js';
import { HttpError } from '../../server/http/errors.js';

/** The 404 of an image id no image has: a message that names it. */
export const missingImage = (id: number | string) => new HttpError(404, 'NOT_FOUND_ID', `There is no image with the id ${id}.`);

/** A path's image id: digits within Java's int range, else the same clear 404. */
export function imageIdOf(value: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INTEGER) throw missingImage(value.slice(0, 40));
  return Number(value);
}
