import fs from 'node:fs';

/** The held PCSE weather file of station Haarweg, Wageningen (EUPL, see the folder's LICENSE). */
export const PCSE_WEATHER = '/work/shared/data/weather-wageningen-daily/nl1.csv';
/** The held Genesys passport table (derived MCPD TSV; CC0 repository, Genesys attribution). */
export const GENESYS_PASSPORT = '/work/shared/data/genesys-passport-cwr/passport_mcpd.tsv';

type Cell = string | number | null;

export interface Station {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  elevation: number;
}

/** One calendar month of the daily rows: its first day and the figures over its observed days. */
export interface Month {
  date: string;
  tmin: number | null;
  tmax: number | null;
  rain: number | null;
  /** Days of the month present in the file. */
  days: number;
}

/** The three climate variables written to the template: name, short name, description, unit. */
export const MONTHLY_VARIABLES = [
  { key: 'tmin', name: 'Mean daily minimum temperature', short: 'TMINM', description: 'Monthly mean of TMIN', unit: 'Degrees Celsius', abbreviation: '°C' },
  { key: 'tmax', name: 'Mean daily maximum temperature', short: 'TMAXM', description: 'Monthly mean of TMAX', unit: 'Degrees Celsius', abbreviation: '°C' },
  { key: 'rain', name: 'Total rainfall', short: 'RAINT', description: 'Monthly sum of RAIN', unit: 'Millimetres', abbreviation: 'mm' },
] as const;

/** PCSE's header: `Key = value` pairs, several on a line separated by `;`, values quoted when text. */
function headerValues(lines: string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of lines) {
    for (const part of line.split(';')) {
      const match = /^\s*(\w+)\s*=\s*(.*?)\s*$/.exec(part);
      if (match) values.set(match[1], match[2].replace(/^'(.*)'$/, '$1'));
    }
  }
  return values;
}

/**
 * Reads the PCSE file: the station from its site characteristics, and per month the mean of TMIN and of TMAX
 * and the total of RAIN over the days observed (NaN = missing, left out; a month with no value has null).
 */
export function readPcseMonths(file = PCSE_WEATHER): { station: Station; months: Month[] } {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const tableAt = lines.findIndex((line) => line.startsWith('DAY,'));
  const header = headerValues(lines.slice(0, tableAt).filter((line) => !line.startsWith('#')));
  const station: Station = {
    name: header.get('Station') ?? '',
    country: header.get('Country') ?? '',
    latitude: Number(header.get('Latitude')),
    longitude: Number(header.get('Longitude')),
    elevation: Number(header.get('Elevation')),
  };
  const columns = lines[tableAt].split(',');
  const sums = new Map<string, { tmin: number[]; tmax: number[]; rain: number[]; days: number }>();
  for (const line of lines.slice(tableAt + 1)) {
    if (line.trim() === '') continue;
    const cells = Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell.trim()]));
    const day = cells.DAY;
    const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-01`;
    const month = sums.get(date) ?? { tmin: [], tmax: [], rain: [], days: 0 };
    month.days += 1;
    for (const key of ['tmin', 'tmax', 'rain'] as const) {
      const value = Number(cells[key.toUpperCase()]);
      if (cells[key.toUpperCase()] !== 'NaN' && Number.isFinite(value)) month[key].push(value);
    }
    sums.set(date, month);
  }
  const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
  const total = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
  const months = [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, m]) => ({ date, tmin: mean(m.tmin), tmax: mean(m.tmax), rain: total(m.rain), days: m.days }));
  return { station, months };
}

const METADATA_LABELS = [
  'Title', 'Description', 'Rights', 'Date of creation', 'Publisher', 'Format', 'Language', 'Source', 'Type', 'Subject',
  'Contact', 'Investigation Title', 'Investigation Description', 'Investigation unique ID', 'Associated data file link',
  'Associated data file description', 'Associated data file version',
];

/** A value as written to the template: 4 decimals, so the file stays readable and within 0.00005 of the figure. */
export const cellValue = (value: number | null): string | null => (value === null ? null : String(Math.round(value * 10_000) / 10_000));

/**
 * Germinate's climate template (sheet name → rows) for the monthly figures: the station as its one location
 * (ISO-2 country code), the three variables with units, one DATA row per month dated the month's first day.
 */
export function climateWorkbook(title: string, station: Station, countryCode2: string, months: Month[]): Record<string, Cell[][]> {
  const given: Record<string, string> = { Title: title, Description: `Monthly figures of ${station.name}`, Contact: 'weather@example.org', 'Investigation Title': 'PCSE weather' };
  return {
    METADATA: [['LABEL', 'DEFINITION', 'VALUE'], ...METADATA_LABELS.map((label) => [label, label, given[label] ?? null])],
    LOCATION: [
      ['Name', 'Short name', 'Country', 'Elevation', 'Latitude', 'Longitude'],
      [station.name, 'Haarweg', countryCode2, String(station.elevation), String(station.latitude), String(station.longitude)],
    ],
    'ENVIRONMENTAL VARIABLES': [
      ['Name', 'Short Name', 'Description', 'Data Type', 'Unit Name', 'Unit Abbreviation', 'Unit Descriptions'],
      ...MONTHLY_VARIABLES.map((v) => [v.name, v.short, v.description, 'numeric', v.unit, v.abbreviation, v.unit]),
    ],
    DATA: [
      ['Location/Climate', 'Date', ...MONTHLY_VARIABLES.map((v) => v.name)],
      ...months.map((m) => [station.name, m.date, ...MONTHLY_VARIABLES.map((v) => cellValue(m[v.key]))]),
    ],
  };
}

/** A passport row of the TSV by MCPD column name (cells trimmed; the file has no quoting). */
export type Passport = Record<string, string>;

export function readPassports(file = GENESYS_PASSPORT): Passport[] {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '');
  const names = header.split('\t');
  return lines.map((line) => Object.fromEntries(line.split('\t').map((cell, i) => [names[i], cell.trim()])));
}

/** A passport's collecting coordinates when it has both, else null. */
export function coordinatesOf(row: Passport): [number, number] | null {
  if (row.DECLATITUDE === '' || row.DECLONGITUDE === '' || row.DECLATITUDE === undefined || row.DECLONGITUDE === undefined) return null;
  return [Number(row.DECLATITUDE), Number(row.DECLONGITUDE)];
}
