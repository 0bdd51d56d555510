import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/*
 * The genotype import benchmark's baseline: a plain parse of the same VCF with nothing stored. Lines are
 * read in 4 MiB chunks, split into fields at tabs, and each sample's GT taken (up to the first colon); the
 * calls are counted (and the missing ones, so that the work cannot be skipped). It is what any importer of
 * the file must at least do; the import's calls/s are measured against it.
 */

export interface ParseResult {
  calls: number;
  missing: number;
  variants: number;
}

const FIXED = 9;
const CHUNK = 4 * 1024 * 1024;

function parseLine(line: string, result: ParseResult): void {
  if (line === '' || line.startsWith('#')) return;
  const fields = line.split('\t');
  result.variants += 1;
  for (let i = FIXED; i < fields.length; i += 1) {
    const field = fields[i];
    const colon = field.indexOf(':');
    const gt = colon < 0 ? field : field.slice(0, colon);
    result.calls += 1;
    if (gt.charCodeAt(0) === 0x2e) result.missing += 1;
  }
}

export function plainParse(file: string): ParseResult {
  const result: ParseResult = { calls: 0, missing: 0, variants: 0 };
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer)) {
      const text = rest + decoder.write(buffer.subarray(0, read));
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        parseLine(text.slice(start, end), result);
        start = end + 1;
      }
      rest = text.slice(start);
    }
    parseLine(rest + decoder.end(), result);
  } finally {
    fs.closeSync(fd);
  }
  return result;
}
