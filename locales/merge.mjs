// Adds, replaces or deletes message texts in both locales at once, safely while other writers do the same:
//   node locales/merge.mjs patch.json            patch.json is { "key": ["English text", "Deutscher Text"], … }
//   node locales/merge.mjs --delete keys.json    keys.json is [ "key", … ]: keys nothing uses any more
// Keys keep their place; new keys are appended. A lock directory serialises concurrent writers.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const deleting = process.argv[2] === '--delete';
const input = process.argv[deleting ? 3 : 2];
if (!input) throw new Error('usage: node locales/merge.mjs patch.json | --delete keys.json');
const given = JSON.parse(fs.readFileSync(input, 'utf8'));
if (deleting) {
  if (!Array.isArray(given) || given.some((key) => typeof key !== 'string' || key === '')) throw new Error('give ["key", …]');
} else {
  for (const [key, texts] of Object.entries(given)) {
    if (!Array.isArray(texts) || texts.length !== 2 || texts.some((t) => typeof t !== 'string' || t.trim() === '')) {
      throw new Error(`${key}: give ["English", "Deutsch"]`);
    }
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
  let missing = 0;
  ['en_GB', 'de_DE'].forEach((locale, index) => {
    const file = path.join(dir, `${locale}.json`);
    const messages = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (deleting) {
      for (const key of given) {
        if (key in messages) delete messages[key];
        else if (index === 0) missing += 1;
      }
    } else {
      for (const [key, texts] of Object.entries(given)) messages[key] = texts[index];
    }
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(messages, null, 2)}\n`);
    fs.renameSync(temp, file);
  });
  if (deleting) console.log(`deleted ${given.length - missing} keys from en_GB and de_DE${missing > 0 ? ` (${missing} were not there)` : ''}`);
  else console.log(`merged ${Object.keys(given).length} keys into en_GB and de_DE`);
} finally {
  fs.rmdirSync(lock);
}
