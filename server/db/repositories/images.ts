import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { readImageInfo, type ImageInfo } from '../../images/imageInfo';
import type { Database } from '../schema';

/** The largest image the operator may set (bytes). */
export const MAX_IMAGE_BYTES = 1024 * 1024;
/** The largest width or height (pixels). */
export const MAX_IMAGE_SIDE = 4096;

/** Where an image is served: /images/<sha256>.<ext>. */
export const imagePath = (hash: string, info: Pick<ImageInfo, 'extension'>) => `/images/${hash}.${info.extension}`;

/** Why an image cannot be used, in the operator's words; null when it can. */
export function imageProblem(bytes: Uint8Array): string | null {
  if (bytes.byteLength === 0) return 'the image file is empty';
  if (bytes.byteLength > MAX_IMAGE_BYTES) return `the image is ${Math.ceil(bytes.byteLength / 1024)} KiB; at most ${MAX_IMAGE_BYTES / 1024} KiB`;
  const info = readImageInfo(bytes);
  if (!info) return 'the file is not a PNG, JPEG or WebP image';
  if (info.width > MAX_IMAGE_SIDE || info.height > MAX_IMAGE_SIDE) {
    return `the image is ${info.width}x${info.height} pixels; at most ${MAX_IMAGE_SIDE} on each side`;
  }
  return null;
}

/**
 * Stores an image (once per content) and points the promo at it: its image_url becomes the
 * image's path and its size is kept beside it. Throws when the bytes are not a usable image
 * (check `imageProblem` first for a readable reason).
 */
export async function setPromoImage(db: Kysely<Database>, promoId: number, bytes: Uint8Array): Promise<{ path: string; width: number; height: number }> {
  const info = readImageInfo(bytes);
  if (!info || imageProblem(bytes)) throw new Error('not a usable image');
  const hash = createHash('sha256').update(bytes).digest('hex');
  await db
    .insertInto('images')
    .values({ hash, content_type: info.contentType, bytes, width: info.width, height: info.height })
    .onConflict((c) => c.column('hash').doNothing())
    .execute();
  const path = imagePath(hash, info);
  await db.updateTable('promos').set({ image_url: path, image_width: info.width, image_height: info.height }).where('id', '=', promoId).execute();
  return { path, width: info.width, height: info.height };
}

/** Takes the image off a promo (the stored bytes stay: an installed app may still show them). */
export async function clearPromoImage(db: Kysely<Database>, promoId: number): Promise<void> {
  await db.updateTable('promos').set({ image_url: null, image_width: null, image_height: null }).where('id', '=', promoId).execute();
}

/** The stored image of a hash, or undefined. */
export async function findImage(db: Kysely<Database>, hash: string) {
  return db.selectFrom('images').select(['content_type', 'bytes']).where('hash', '=', hash).executeTakeFirst();
}
