import { expect } from 'vitest';

export type Json = Record<string, unknown>;
/** JSON types of a view's keys; `ulong` is Java's UnsignedLong, sent as `{ value }`. */
export type Kind = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'ulong';
export type Shape = Record<string, Kind>;

export const kindOf = (value: unknown): Kind | 'null' =>
  value === null ? 'null'
  : Array.isArray(value) ? 'array'
  : typeof value === 'object' ? (Object.keys(value as object).join() === 'value' ? 'ulong' : 'object')
  : (typeof value as Kind);

/** Every key of the row is one of the view's, of its type (nulls are omitted, never sent); `required` keys are there. */
export function expectShape(row: unknown, shape: Shape, required: string[]): void {
  expect(typeof row, JSON.stringify(row)).toBe('object');
  for (const [key, value] of Object.entries(row as Json)) {
    expect(Object.keys(shape), `unknown key ${key}`).toContain(key);
    expect(kindOf(value), `${key} = ${JSON.stringify(value)}`).toBe(shape[key]);
  }
  for (const key of required) expect(row, key).toHaveProperty(key);
}
