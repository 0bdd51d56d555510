import fs from 'node:fs';
import { createInflateRaw } from 'node:zlib';
import { describeBytes, ImportFileError } from './file-error.js';

/** One member of a zip archive as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflate */
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the local file header. */
  offset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** Where the central directory starts: the member data must end before it. */
  directoryOffset: number;
}

export const ZIP_LIMITS = {
  /** Total unpacked size, as a multiple of the upload limit… */
  totalFactor: 20,
  /** …and never more than this. */
  totalCap: 1024 ** 3,
  /** Compression ratio allowed for a large member (text XML reaches ~20:1; bombs reach 1000:1). */
  maxRatio: 200,
  ratioFromSize: 10 * 1024 * 1024,
};

const corrupt = (reason: string) =>
  new ImportFileError('GENERIC_CORRUPT_FILE', `The file is not a valid Excel workbook (.xlsx): ${reason}.`);

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A data descriptor (signature, crc, two 64-bit sizes) may follow member data: at most 24 bytes. */
const DESCRIPTOR_MAX = 24;

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/** Reads only the end of the file and the central directory: nothing is unpacked. */
export function readZipDirectory(file: string): ZipDirectory {
  const fd = fs.openSync(file, 'r');
  try {
    const fileSize = fs.fstatSync(fd).size;
    const tailLength = Math.min(fileSize, 22 + 65_535);
    const tail = readAt(fd, fileSize - tailLength, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) throw corrupt('it is not a zip archive');
    const eocdPosition = fileSize - tailLength + at;
    let count = tail.readUInt16LE(at + 10);
    let dirSize = tail.readUInt32LE(at + 12);
    let dirOffset = tail.readUInt32LE(at + 16);
    if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) throw corrupt('multi-part zip archives are not supported');
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) {
      const locator = readAt(fd, eocdPosition - 20, 20);
      if (locator.length < 20 || locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw corrupt('broken zip64 directory');
      const record = readAt(fd, Number(locator.readBigUInt64LE(8)), 56);
      if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw corrupt('broken zip64 directory');
      count = Number(record.readBigUInt64LE(32));
      dirSize = Number(record.readBigUInt64LE(40));
      dirOffset = Number(record.readBigUInt64LE(48));
    }
    if (dirOffset + dirSize > eocdPosition) throw corrupt('the zip directory points outside the file');
    const dir = readAt(fd, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let n = 0; n < count; n += 1) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw corrupt('the zip directory is damaged');
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const entry: ZipEntry = {
        name: dir.toString('utf8', p + 46, p + 46 + nameLength),
        method: dir.readUInt16LE(p + 10),
        compressedSize: dir.readUInt32LE(p + 20),
        size: dir.readUInt32LE(p + 24),
        offset: dir.readUInt32LE(p + 42),
      };
      applyZip64Extra(entry, dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength));
      entries.push(entry);
      p += 46 + nameLength + extraLength + commentLength;
    }
    return { entries, directoryOffset: dirOffset };
  } finally {
    fs.closeSync(fd);
  }
}

/** Sizes of 0xFFFFFFFF mean "see the zip64 extra field", which lists only the overflowing values, in order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let p = 0; p + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === 0x0001) {
      let q = p + 4;
      const next = () => {
        if (q + 8 > p + 4 + length) throw corrupt('broken zip64 field');
        const value = Number(extra.readBigUInt64LE(q));
        q += 8;
        return value;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.offset === 0xffffffff) entry.offset = next();
      return;
    }
    p += 4 + length;
  }
}

/** Rejects archives that would unpack to far more than was uploaded, judged from the directory alone. */
export function checkDeclaredSizes(directory: ZipDirectory, maxBytes: number): void {
  const limit = Math.min(ZIP_LIMITS.totalFactor * maxBytes, ZIP_LIMITS.totalCap);
  let total = 0;
  for (const entry of directory.entries) {
    total += entry.size;
    if (entry.size > ZIP_LIMITS.ratioFromSize && entry.size > ZIP_LIMITS.maxRatio * entry.compressedSize) {
      const ratio = Math.round(entry.size / Math.max(entry.compressedSize, 1));
      throw bomb(`the part ${entry.name} unpacks to ${describeBytes(entry.size)}, ${ratio} times its packed size`, entry.size);
    }
  }
  if (total > limit) throw bomb(`it unpacks to ${describeBytes(total)}; the limit is ${describeBytes(limit)}`, total);
}

function bomb(reason: string, size: number): ImportFileError {
  return new ImportFileError('GENERIC_ZIP_BOMB', `The workbook was refused: ${reason}.`, String(size));
}

/** Where one member sits in the file: its local header, its data, and the end of any data descriptor. */
export interface MemberSpan {
  entry: ZipEntry;
  offset: number;
  dataStart: number;
  end: number;
}

/**
 * The directory can lie: a streaming unzipper reads local headers and inflates until the data ends. So we
 * check that members sit back to back (no hidden or overlapping members) and that each one inflates to exactly
 * its declared size, stopping as soon as it goes over. Returns the members in file order.
 */
export async function verifyMembers(file: string, directory: ZipDirectory): Promise<MemberSpan[]> {
  const sorted = [...directory.entries].sort((a, b) => a.offset - b.offset);
  const fd = fs.openSync(file, 'r');
  const spans: MemberSpan[] = [];
  try {
    let position = 0;
    for (const entry of sorted) {
      if (entry.offset < position) throw bomb(`the part ${entry.name} overlaps another part`, entry.size);
      if (entry.offset - position > DESCRIPTOR_MAX) throw corrupt('there is unlisted data between its parts');
      const header = readAt(fd, entry.offset, 30);
      if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw corrupt(`the part ${entry.name} is missing`);
      const dataStart = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      const previous = spans.at(-1);
      if (previous) previous.end = entry.offset;
      spans.push({ entry, offset: entry.offset, dataStart, end: directory.directoryOffset });
      position = dataStart + entry.compressedSize;
    }
    if (position > directory.directoryOffset || directory.directoryOffset - position > DESCRIPTOR_MAX) {
      throw corrupt('its parts do not match its directory');
    }
  } finally {
    fs.closeSync(fd);
  }
  for (const span of spans) await verifyMember(file, span.entry, span.dataStart);
  return spans;
}

async function verifyMember(file: string, entry: ZipEntry, start: number): Promise<void> {
  if (entry.method === 0) {
    if (entry.size !== entry.compressedSize) throw corrupt(`the part ${entry.name} has inconsistent sizes`);
    return;
  }
  if (entry.method !== 8) throw corrupt(`the part ${entry.name} uses an unsupported compression method (${entry.method})`);
  if (entry.compressedSize === 0) throw corrupt(`the part ${entry.name} is empty`);
  const input = fs.createReadStream(file, { start, end: start + entry.compressedSize - 1 });
  const inflate = createInflateRaw();
  let produced = 0;
  let tooBig = false;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      input.destroy();
      inflate.destroy();
      reject(error);
    };
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > entry.size && !tooBig) {
        tooBig = true;
        fail(bomb(`the part ${entry.name} unpacks to more than the ${describeBytes(entry.size)} it declares`, produced));
      }
    });
    inflate.on('end', resolve);
    inflate.on('error', () => fail(corrupt(`the part ${entry.name} is damaged`)));
    input.on('error', () => fail(corrupt(`the part ${entry.name} cannot be read`)));
    input.pipe(inflate);
  });
  if (produced !== entry.size) throw corrupt(`the part ${entry.name} is shorter than it declares`);
}
