import { MAX_INTEGER } from '../../../core/table-request.js';

/** A JSON int as Java reads it: a whole number within int's range. */
export const javaInt = `${-MAX_INTEGER - 1} <= number.integer <= ${MAX_INTEGER}`;
