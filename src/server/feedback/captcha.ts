import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { CoreTables } from '../db/tables.js';

export const CAPTCHA_LENGTH = 7;
export const CAPTCHA_WIDTH = 200;
export const CAPTCHA_HEIGHT = 50;
/** How long an answer stays valid after the image was drawn. */
export const CAPTCHA_TTL_MS = 10 * 60_000;

/**
 * Letters and digits that cannot be mistaken for one another in the captcha font (no 0/O/Q/D-like pairs,
 * 1/I/L, 2/Z, 5/S, 8/B, 6/G). Answers are compared ignoring case, so upper case alone is enough.
 */
const CHARACTERS = 'ACEFHJKMNPRTUVWXY3479';

/** svg-captcha's documented `svgCaptcha(text, options)`: draws a given text (its types omit the call). */
const drawSvg = svgCaptcha as unknown as (text: string, options: { width: number; height: number; fontSize: number; noise: number; color: boolean }) => string;

/** A fresh captcha text from the operating system's random source (svg-captcha's own uses Math.random). */
export function captchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CHARACTERS[randomInt(CHARACTERS.length)];
  return text;
}

/**
 * The text drawn as SVG paths (no font reaches the client, so the text is not in the markup), rendered
 * to a PNG on white: what Germinate's client shows in an <img>.
 */
export async function captchaPng(text: string): Promise<Buffer> {
  const svg = drawSvg(text, { width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, fontSize: 48, noise: 2, color: false });
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer();
}

/**
 * Remembers the answer for a client-chosen uuid (asking again for the same uuid draws a new text). The
 * answers live in the database so that any server process can check them; expired ones are dropped here
 * as well as by the scheduled purge, so a flood of image requests cannot grow the table without bound.
 */
export async function storeCaptcha(db: Kysely<CoreTables>, uuid: string, text: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('captchas').where('created_on', '<', now - CAPTCHA_TTL_MS).execute();
    await trx
      .insertInto('captchas')
      .values({ uuid, text, created_on: now })
      .onConflict((oc) => oc.column('uuid').doUpdateSet({ text, created_on: now }))
      .execute();
  });
}

/**
 * Checks an answer and uses the captcha up, whatever the outcome: a single DELETE … RETURNING, so two
 * concurrent submissions cannot both pass and a wrong guess cannot be followed by another one.
 */
export async function consumeCaptcha(db: Kysely<CoreTables>, uuid: string, answer: string, now: number): Promise<boolean> {
  const row = await db.deleteFrom('captchas').where('uuid', '=', uuid).returning(['text', 'created_on']).executeTakeFirst();
  if (!row) return false;
  if (now - Number(row.created_on) > CAPTCHA_TTL_MS) return false;
  return row.text.toUpperCase() === answer.trim().toUpperCase();
}

/** Drops every captcha older than its lifetime (the scheduled task). */
export async function purgeExpiredCaptchas(db: Kysely<CoreTables>, now: number): Promise<number> {
  const result = await db.deleteFrom('captchas').where('created_on', '<', now - CAPTCHA_TTL_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}
