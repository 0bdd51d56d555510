import { sql, type Kysely } from 'kysely';
import sharp from 'sharp';
import type { CoreTables, FeedbackSeverity, FeedbackType } from '../db/tables.js';
import type { TableView } from '../table/view.js';

export const FEEDBACK_TYPES: readonly FeedbackType[] = ['question', 'data_error', 'general', 'bug', 'feature_request'];
export const FEEDBACK_SEVERITIES: readonly FeedbackSeverity[] = ['low', 'medium', 'high'];

/** Feedback is kept until an administrator has read it, plus 30 days. */
export const FEEDBACK_KEEP_AFTER_READ_MS = 30 * 24 * 3_600_000;
/** The largest screenshot accepted. */
export const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
/** Height of the `size=small` rendering (Germinate's thumbnails). */
export const SMALL_IMAGE_HEIGHT = 500;

const c = (expression: string, type: TableView['columns'][string]['type']) => ({ sql: sql.raw(expression), type });

/**
 * The administrators' feedback table (Germinate's Userfeedback without the image bytes). The two flags
 * are comparisons, so they are booleans on PostgreSQL and 0/1 on SQLite, as the filter engine expects.
 */
export function feedbackView(): TableView {
  return {
    name: 'feedback',
    from: sql.raw('userfeedback f'),
    columns: {
      id: c('f.id', 'integer'),
      content: c('f.content', 'string'),
      pageUrl: c('f.page_url', 'string'),
      userId: c('f.user_id', 'integer'),
      contactEmail: c('f.contact_email', 'string'),
      feedbackType: c('f.feedback_type', 'string'),
      severity: c('f.severity', 'string'),
      isNew: c('(f.is_new = 1)', 'boolean'),
      hasImage: c('(f.image IS NOT NULL)', 'boolean'),
      readOn: c('f.read_on', 'date'),
      createdOn: c('f.created_on', 'date'),
      updatedOn: c('f.updated_on', 'date'),
    },
    idColumn: 'id',
  };
}

export type ImageKind = 'image/png' | 'image/jpeg';

/** What a screenshot really is, from its first bytes (the browser's content type is not trusted). */
export function imageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** One address: something@domain.tld, no spaces (the HTML form's check, roughly). */
export function isEmail(text: string): boolean {
  return text.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(text);
}

/** An absolute http(s) address. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface NewFeedback {
  content: string;
  pageUrl: string;
  contactEmail: string;
  feedbackType: FeedbackType;
  severity: FeedbackSeverity;
  image: Buffer | null;
  userId: number | null;
}

export async function insertFeedback(db: Kysely<CoreTables>, feedback: NewFeedback, now: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  await db
    .insertInto('userfeedback')
    .values({
      content: feedback.content,
      page_url: feedback.pageUrl,
      contact_email: feedback.contactEmail,
      feedback_type: feedback.feedbackType,
      severity: feedback.severity,
      image: feedback.image,
      user_id: feedback.userId,
      is_new: 1,
      created_on: stamp,
      updated_on: stamp,
    })
    .execute();
}

/** Marks unread feedback read; false when it is unknown or already read. */
export async function markFeedbackRead(db: Kysely<CoreTables>, id: number, now: number): Promise<boolean> {
  const stamp = new Date(now).toISOString();
  const result = await db
    .updateTable('userfeedback')
    .set({ is_new: 0, read_on: stamp, updated_on: stamp })
    .where('id', '=', id)
    .where('is_new', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteFeedback(db: Kysely<CoreTables>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('userfeedback').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The screenshot of one feedback item, full size or at most SMALL_IMAGE_HEIGHT high (as PNG). */
export async function feedbackImage(db: Kysely<CoreTables>, id: number, small: boolean): Promise<{ bytes: Buffer; type: ImageKind } | null> {
  const row = await db.selectFrom('userfeedback').select('image').where('id', '=', id).executeTakeFirst();
  if (!row?.image) return null;
  const bytes = Buffer.from(row.image);
  if (small) {
    const png = await sharp(bytes).resize({ height: SMALL_IMAGE_HEIGHT, withoutEnlargement: true }).png().toBuffer();
    return { bytes: png, type: 'image/png' };
  }
  return { bytes, type: imageKind(bytes) ?? 'image/png' };
}

/**
 * Feedback read more than 30 days ago goes, with its contact email, content and screenshot.
 * read_on is ISO text of fixed width, so comparing the text compares the times.
 */
export async function purgeReadFeedback(db: Kysely<CoreTables>, now: number): Promise<number> {
  const cutoff = new Date(now - FEEDBACK_KEEP_AFTER_READ_MS).toISOString();
  const result = await db.deleteFrom('userfeedback').where('read_on', 'is not', null).where('read_on', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
