import { type } from 'arktype';
import { HttpError } from './errors.js';

/** Validates a request body against an arktype schema; bad input is a 400 with a readable summary. */
export function validate<T extends { infer: unknown }>(schema: T, value: unknown): T['infer'] {
  const result = (schema as unknown as (v: unknown) => unknown)(value);
  if (result instanceof type.errors) {
    throw new HttpError(400, 'BAD_REQUEST_INVALID_PAYLOAD', result.summary);
  }
  return result as T['infer'];
}
