import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_REASON_PHRASES, SPEC_ERROR_STATUSES, TOAST_HIDE_MS, isKnownReasonPhrase, toastForError } from './errors.js';

const root = path.resolve(import.meta.dirname, '../..');
const locale = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'locales', `${name}.json`), 'utf8')) as Record<string, string>;
const en = locale('en_GB');
const de = locale('de_DE');

describe('toastForError', () => {
  it.each(SPEC_ERROR_STATUSES)('gives status %i its own message, as an Error toast', (status) => {
    const toast = toastForError({ status });
    expect(toast).toEqual({
      titleKey: 'error.title',
      messageKey: `error.status.${status}`,
      variant: 'danger',
      autoHideMs: 5000,
      append: true,
    });
    expect(en[toast.messageKey]).toBeDefined();
    expect(de[toast.messageKey]).toBeDefined();
  });

  it('shows 404 and 405 with the same text', () => {
    expect(en[toastForError({ status: 404 }).messageKey]).toBe(en[toastForError({ status: 405 }).messageKey]);
    expect(de[toastForError({ status: 404 }).messageKey]).toBe(de[toastForError({ status: 405 }).messageKey]);
  });

  it.each(KNOWN_REASON_PHRASES)('maps reason phrase %s to its message, whatever the status', (phrase) => {
    expect(toastForError({ status: 400, reasonPhrase: phrase }).messageKey).toBe(`reasonPhrase.${phrase}`);
    expect(toastForError({ status: 503, reasonPhrase: phrase }).messageKey).toBe(`reasonPhrase.${phrase}`);
    expect(toastForError({ reasonPhrase: phrase }).messageKey).toBe(`reasonPhrase.${phrase}`);
  });

  it('falls back to the status for an unknown or absent reason phrase', () => {
    expect(toastForError({ status: 409, reasonPhrase: 'SOMETHING_ELSE' }).messageKey).toBe('error.status.409');
    expect(toastForError({ status: 409, reasonPhrase: '' }).messageKey).toBe('error.status.409');
    expect(toastForError({ status: 400, reasonPhrase: 'Bad Request' }).messageKey).toBe('error.status.400');
  });

  it('gives statuses outside the catalogue a generic message naming the status', () => {
    for (const status of [402, 413, 415, 429, 502, 504]) {
      const toast = toastForError({ status });
      expect(toast.messageKey).toBe('error.status.unknown');
      expect(toast.values).toEqual({ status: String(status) });
      expect(toast.variant).toBe('danger');
    }
    expect(en['error.status.unknown']).toContain('{status}');
    expect(de['error.status.unknown']).toContain('{status}');
  });

  it('has messages for a timeout, an unreachable server and an unknown failure', () => {
    expect(toastForError({ timeout: true }).messageKey).toBe('error.timeout');
    expect(toastForError({ timeout: true, status: 500 }).messageKey).toBe('error.timeout');
    expect(toastForError({ network: true }).messageKey).toBe('error.serverUnavailable');
    expect(toastForError({}).messageKey).toBe('error.unknown');
    for (const key of ['error.timeout', 'error.serverUnavailable', 'error.unknown', 'error.title']) {
      expect(en[key], key).toBeDefined();
      expect(de[key], key).toBeDefined();
    }
  });

  it('hides after the 5 s toast delay', () => {
    expect(TOAST_HIDE_MS).toBe(5000);
  });
});

describe('known reason phrases', () => {
  it('are exactly the reasonPhrase keys of the locales', () => {
    const keys = Object.keys(en)
      .filter((key) => key.startsWith('reasonPhrase.'))
      .map((key) => key.slice('reasonPhrase.'.length));
    expect([...KNOWN_REASON_PHRASES].sort()).toEqual(keys.sort());
    for (const phrase of KNOWN_REASON_PHRASES) expect(de[`reasonPhrase.${phrase}`], phrase).toBeDefined();
  });

  it('are recognised only by exact name', () => {
    expect(isKnownReasonPhrase('NOT_FOUND_ID')).toBe(true);
    expect(isKnownReasonPhrase('not_found_id')).toBe(false);
    expect(isKnownReasonPhrase(undefined)).toBe(false);
    expect(isKnownReasonPhrase('toString')).toBe(false);
  });
});
