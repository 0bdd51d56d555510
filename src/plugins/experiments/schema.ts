import { type } from 'arktype';

/**
 * Germinate's ViewTableExperiments as a request body (PUT experiment, PATCH experiment/{id}). Keys not
 * named here (the read-only counts Germinate's client sends back with the row) are ignored. Dates come as
 * `yyyy-MM-dd` or as Germinate's timestamps (`2024-03-01T09:15:00.000Z`); null clears.
 */
export const ExperimentBody = type({
  'experimentId?': 'number.integer | null',
  'experimentName?': 'string <= 255 | null',
  'experimentDescription?': 'string <= 65535 | null',
  'experimentDate?': 'string <= 64 | null',
  'createdOn?': 'string <= 64 | null',
  'projectId?': 'number.integer | null',
});
export type ExperimentBody = typeof ExperimentBody.infer;

/** Germinate's message for every malformed experiment payload. */
export const INVALID_PAYLOAD = 'Invalid payload parameters';
export const ID_ON_CREATE = 'Experiment ID provided on a creation call.';

/** A calendar day `yyyy-MM-dd` from a date or timestamp text that names a real day; null when it does not. */
export function calendarDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  // A timestamp must parse as a whole too (no 25 o'clock).
  if (value.trim().length > 10 && Number.isNaN(Date.parse(value.trim()))) return null;
  return `${y}-${m}-${d}`;
}

/** An instant from a timestamp text, as ISO; null when it is not one. */
export function instant(value: string): string | null {
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
