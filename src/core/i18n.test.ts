import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createTranslator, loadMessages, missingKeys, type LoadMessagesOptions, type Messages } from './i18n.js';

const builtIn = {
  en_GB: { 'app.name': 'Germinate Workspace', greeting: 'Hello {name}', onlyEnglish: 'English only', 'about.germinate.title': 'About' },
  de_DE: { greeting: 'Hallo {name}' },
};

function fetching(body: string | Error): LoadMessagesOptions['fetchText'] & ReturnType<typeof vi.fn> {
  return vi.fn(async () => {
    if (body instanceof Error) throw body;
    return body;
  });
}

describe('loadMessages', () => {
  it('asks for clientlocale/<locale> with Accept-Language', async () => {
    const fetchText = fetching('{}');
    await loadMessages('de_DE', { fetchText, builtIn });
    expect(fetchText).toHaveBeenCalledWith('clientlocale/de_DE', { 'Accept-Language': 'de_DE' });
  });

  it('overlays built-in English, then the built-in locale, then the server', async () => {
    const fetchText = fetching(JSON.stringify({ 'app.name': 'My genebank', extra: 'Server only' }));
    const messages = await loadMessages('de_DE', { fetchText, builtIn });
    expect(messages).toEqual({
      'app.name': 'My genebank',
      greeting: 'Hallo {name}',
      onlyEnglish: 'English only',
      'about.germinate.title': 'About',
      extra: 'Server only',
    });
  });

  it('drops the About Germinate keys and non-string values from the server', async () => {
    const server = {
      pageAboutGerminateTitle: 'Hacked',
      pageAboutGerminateTeamJobPaul: 'Hacked',
      'about.germinate.title': 'Hacked',
      pageAboutProjectTitle: 'Our project',
      count: 3,
      nested: { a: 'b' },
      empty: null,
    };
    // JSON.parse keeps __proto__ as an own key; it must not end up as a message or a prototype.
    const text = JSON.stringify(server).replace('"count"', '"__proto__":"polluted","count"');
    const messages = await loadMessages('en_GB', { fetchText: fetching(text), builtIn });
    expect(messages['about.germinate.title']).toBe('About');
    expect(messages.pageAboutGerminateTitle).toBeUndefined();
    expect(messages.pageAboutGerminateTeamJobPaul).toBeUndefined();
    expect(messages.pageAboutProjectTitle).toBe('Our project');
    expect(Object.keys(messages)).not.toContain('count');
    expect(Object.keys(messages)).not.toContain('nested');
    expect(Object.keys(messages)).not.toContain('empty');
    expect(Object.getPrototypeOf(messages)).toBe(Object.prototype);
    expect(Object.hasOwn(messages, '__proto__')).toBe(false);
  });

  it.each([
    ['a network failure', new Error('offline')],
    ['bad JSON', '{"app.name": '],
    ['an HTML error page', '<html>503</html>'],
    ['a JSON array', '["a"]'],
    ['JSON null', 'null'],
    ['a JSON string', '"text"'],
  ])('falls back silently to the built-in texts on %s', async (_name, body) => {
    const messages = await loadMessages('de_DE', { fetchText: fetching(body), builtIn });
    expect(messages).toEqual({ ...builtIn.en_GB, ...builtIn.de_DE });
  });

  it('uses a complete answer as it is and never loads the built-in texts for it', async () => {
    const load = vi.fn(async () => builtIn);
    const answer = { text: JSON.stringify({ 'app.name': 'Germinate Workspace', greeting: 'Hallo {name}' }), complete: true };
    const messages = await loadMessages('de_DE', { fetchText: vi.fn(async () => answer), builtIn: load });
    expect(messages).toEqual({ 'app.name': 'Germinate Workspace', greeting: 'Hallo {name}' });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the built-in texts under an incomplete answer and on a failure', async () => {
    const load = vi.fn(async () => builtIn);
    const incomplete = { text: JSON.stringify({ 'app.name': 'Their server' }), complete: false };
    expect(await loadMessages('en_GB', { fetchText: vi.fn(async () => incomplete), builtIn: load })).toEqual({ ...builtIn.en_GB, 'app.name': 'Their server' });
    expect(await loadMessages('de_DE', { fetchText: fetching(new Error('offline')), builtIn: load })).toEqual({ ...builtIn.en_GB, ...builtIn.de_DE });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('uses English alone for a locale without a built-in file', async () => {
    const messages = await loadMessages('fr_FR', { fetchText: fetching(new Error('404')), builtIn });
    expect(messages).toEqual(builtIn.en_GB);
  });

  it('reads the shipped locale files as string maps', async () => {
    const read = (name: string): Messages => JSON.parse(readFileSync(new URL(`../../locales/${name}.json`, import.meta.url), 'utf8'));
    const en = read('en_GB');
    const de = read('de_DE');
    const messages = await loadMessages('de_DE', { fetchText: fetching(new Error('x')), builtIn: { en_GB: en, de_DE: de } });
    expect(missingKeys(Object.keys(en), messages)).toEqual([]);
    expect(messages['error.title']).toBe(de['error.title']);
  });
});

describe('createTranslator', () => {
  const messages: Messages = { greeting: 'Hello {name}', count: '{n, plural, one {One record} other {# records}}', broken: 'Hello {' };

  it('formats messages and shows the key for a missing one', () => {
    const { t } = createTranslator('en_GB', messages);
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('count', { n: 1 })).toBe('One record');
    expect(t('count', { n: 1234 })).toBe('1,234 records');
    expect(t('nope')).toBe('nope');
  });

  it('is quiet about missing keys unless strict', () => {
    const report = vi.fn();
    const relaxed = createTranslator('en_GB', messages, { report });
    expect(relaxed.t('nope')).toBe('nope');
    expect(report).not.toHaveBeenCalled();
    relaxed.t('broken');
    expect(report).toHaveBeenCalledTimes(1);

    const strict = createTranslator('en_GB', messages, { strict: true });
    expect(() => strict.t('nope')).toThrow();
    expect(() => strict.t('broken')).toThrow();
  });

  it('formats dates as DD/MM/YYYY and date-times as DD/MM/YYYY hh:mm a', () => {
    const en = createTranslator('en_GB', messages, { timeZone: 'UTC' });
    const de = createTranslator('de_DE', messages, { timeZone: 'UTC' });
    const afternoon = Date.UTC(2024, 2, 5, 14, 7);
    for (const { formatDate, formatDateTime } of [en, de]) {
      expect(formatDate(afternoon)).toBe('05/03/2024');
      expect(formatDate(new Date(afternoon))).toBe('05/03/2024');
      expect(formatDate('2024-03-05T14:07:00Z')).toBe('05/03/2024');
      expect(formatDateTime(afternoon)).toBe('05/03/2024 02:07 pm');
      expect(formatDateTime(Date.UTC(2024, 11, 31, 0, 5))).toBe('31/12/2024 12:05 am');
      expect(formatDateTime(Date.UTC(2024, 0, 1, 12, 0))).toBe('01/01/2024 12:00 pm');
      expect(formatDate(null)).toBe('');
      expect(formatDate('not a date')).toBe('');
      expect(formatDateTime(undefined)).toBe('');
    }
  });

  it('keeps a date-only value on its calendar day in any zone', () => {
    const { formatDate } = createTranslator('en_GB', messages, { timeZone: 'America/Los_Angeles' });
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate(Date.UTC(2024, 2, 5, 3, 0))).toBe('04/03/2024');
  });

  it('formats numbers for the locale', () => {
    expect(createTranslator('en_GB', messages).formatNumber(1234.5)).toBe('1,234.5');
    expect(createTranslator('de_DE', messages).formatNumber(1234.5)).toBe('1.234,5');
  });
});

describe('missingKeys', () => {
  it('lists each key without a text once, sorted', () => {
    expect(missingKeys(['b', 'a', 'greeting', 'b'], { greeting: 'Hi' })).toEqual(['a', 'b']);
    expect(missingKeys(['toString', 'constructor'], {})).toEqual(['constructor', 'toString']);
  });
});
