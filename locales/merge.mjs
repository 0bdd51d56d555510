// Adds or replaces message texts in both locales at once, safely while other writers do the same:
//   node locales/merge.mjs patch.json      where patch.json is { "key": ["English text", "Deutscher Text"], … }
// Keys keep their place; new keys are appended. A lock directory serialises concurrent writers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const patch = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
for (const [key, texts] of Object.entries(patch)) {
  if (!Array.isArray(texts) || texts.length !== 2 || texts.some((t) => typeof t !== 'string' || t.trim() === '')) {
    throw new Error(`${key}: give ["English", "Deutsch"]`);
  }
}
const lock = path.join(dir, '.merge-lock');
const deadline = Date.now() + 30_000;
for (;;) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    if (Date.now() > deadline) throw new Error(`locked: remove ${lock} if no merge is running`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  ['en_GB', 'de_DE'].forEach((locale, index) => {
    const file = path.join(dir, `${locale}.json`);
    const messages = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const [key, texts] of Object.entries(patch)) messages[key] = texts[index];
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(messages, null, 2)}\n`);
    fs.renameSync(temp, file);
  });
  console.log(`merged ${Object.keys(patch).length} keys into en_GB and de_DE`);
} finally {
  fs.rmdirSync(lock);
}
