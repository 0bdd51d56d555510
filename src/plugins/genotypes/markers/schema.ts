import { type } from 'arktype';
import { MAX_INTEGER } from '../../../core/table-request.js';

/** A JSON int as Java reads it: a whole number within int's range. */
export const javaInt = `${-MAX_INTEGER - 1} <= number.integer <= ${MAX_INTEGER}`;

/**
 * Germinate's GroupModificationRequest (`PATCH group/{id}/marker`). `addition` is required: Germinate reads
 * an absent one as false (a removal), which would turn a forgotten key into removed members.
 */
export const GroupModificationRequest = type({
  ids: type(javaInt).array().atMostLength(1_000_000).or('null'),
  addition: 'boolean',
  '+': 'ignore',
});
export type GroupModificationRequest = typeof GroupModificationRequest.infer;
