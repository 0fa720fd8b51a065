import { readFile, stat } from 'node:fs/promises';
import { clearPromoImage, imageProblem, MAX_IMAGE_BYTES, setPromoImage } from '../db/repositories/images';
import { findPromo } from '../db/repositories/promos';
import { wholeNumber } from './args';
import { UsageError, type AdminCommand, type AdminContext, type OptionValues } from './context';

/**
 * The file of `--image <path>`, read and checked (a PNG, JPEG or WebP image of at most 1 MiB and
 * 4096 pixels a side); undefined when the option is absent. Bad input is a UsageError (exit 2).
 */
export async function readImageOption(values: OptionValues, name = 'image'): Promise<Uint8Array | undefined> {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || raw.trim() === '') throw new UsageError(`--${name} needs the path of a PNG, JPEG or WebP file`);
  let size: number;
  try {
    const info = await stat(raw);
    if (!info.isFile()) throw new UsageError(`--${name} ${raw} is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--${name}: cannot read ${raw} (no such file, or not readable)`);
  }
  if (size > MAX_IMAGE_BYTES) throw new UsageError(`--${name} ${raw}: the image is ${Math.ceil(size / 1024)} KiB; at most ${MAX_IMAGE_BYTES / 1024} KiB`);
  const bytes = new Uint8Array(await readFile(raw));
  const problem = imageProblem(bytes);
  if (problem) throw new UsageError(`--${name} ${raw}: ${problem}`);
  return bytes;
}

/** Sets the image of a promo just created and says so. */
export async function attachImage(ctx: AdminContext, promoId: number, bytes: Uint8Array | undefined): Promise<void> {
  if (!bytes) return;
  const image = await setPromoImage(ctx.db, promoId, bytes);
  ctx.out(`  image: ${image.path} (${image.width}x${image.height})`);
}

export const promoImage: AdminCommand = {
  name: 'promo:image',
  usage: `promo:image --promo <id> (--image <file.png|jpg|webp> | --remove)
      Set the image of an earn action or a reward (a PNG, JPEG or WebP file of at most 1 MiB
      and 4096 pixels a side; kept in the database and served at /images/<hash>), or take it off.`,
  options: { promo: { type: 'string' }, image: { type: 'string' }, remove: { type: 'boolean' } },
  async run(values, ctx) {
    const promoId = wholeNumber(values, 'promo', 1, 2 ** 31 - 1);
    if (promoId === undefined) throw new UsageError('promo:image needs --promo <id> (see promo:list)');
    if ((values.image === undefined) === (values.remove !== true)) throw new UsageError('promo:image needs either --image <file> or --remove');
    const promo = await findPromo(ctx.db, promoId);
    if (!promo) throw new UsageError(`there is no promo ${promoId} (see promo:list)`);
    const kind = promo.type === 'REDEEM' ? 'reward' : 'earn action';
    if (values.remove === true) {
      await clearPromoImage(ctx.db, promoId);
      ctx.out(`Took the image off ${kind} #${promoId}.`);
      return 0;
    }
    const bytes = await readImageOption(values);
    const image = await setPromoImage(ctx.db, promoId, bytes!);
    ctx.out(`Set the image of ${kind} #${promoId}: ${image.path} (${image.width}x${image.height})`);
    return 0;
  },
};
