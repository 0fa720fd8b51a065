import { clearSupportContact, findSupportContact, setSupportContact, type SupportContactInput } from '../db/repositories/support';
import { cleanPhone, isValidEmail, normalizeEmail } from '../security/rules';
import { requireCommunity, text } from './args';
import { UsageError, type AdminCommand, type OptionValues } from './context';

const TEXT_MAX = 500;

/** --url: an absolute https address (members open it from the app; plain http is refused). */
function httpsUrl(values: OptionValues): string | null {
  const value = text(values, 'url', 2000);
  if (value === undefined) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url must be an absolute https URL such as https://example.org/help (got "${value}")`);
  }
  if (url.protocol !== 'https:') throw new UsageError(`--url must start with https:// (got "${value}")`);
  return url.href;
}

function supportEmail(values: OptionValues): string {
  const raw = text(values, 'email', 320);
  if (raw === undefined) throw new UsageError('community:support needs --email <address> (or --clear, or only --community to show it)');
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new UsageError(`--email is not a valid e-mail address: ${raw}`);
  return email;
}

function supportPhone(values: OptionValues): string | null {
  const raw = text(values, 'phone', 64);
  if (raw === undefined) return null;
  const phone = cleanPhone(raw);
  if (!phone) throw new UsageError(`--phone may hold up to 32 of 0-9 + ( ) . - and spaces (got "${raw}")`);
  return phone;
}

export const communitySupport: AdminCommand = {
  name: 'community:support',
  usage: `community:support --community <id> [--email <address> [--url <https://...>] [--phone <number>]
             [--text <text>] [--text-es <text>]] [--clear]
      How members reach the community's operator (the app's Support screen). With --email it sets
      the whole contact: an e-mail address, an optional https help page, an optional phone number,
      and a short text (up to ${TEXT_MAX} characters) in English and/or Spanish (members see their
      language, else the other); options left out are removed. --clear removes the contact (the
      screen then says none is set). With only --community it shows the current contact.`,
  options: {
    community: { type: 'string' },
    email: { type: 'string' },
    url: { type: 'string' },
    phone: { type: 'string' },
    text: { type: 'string' },
    'text-es': { type: 'string' },
    clear: { type: 'boolean' },
  },
  async run(values, ctx) {
    const contact = supportContact(values);
    const community = await requireCommunity(ctx.db, values, 'community:support');
    if (contact === null) {
      const removed = await clearSupportContact(ctx.db, community.id);
      ctx.out(removed ? `Removed the support contact of "${community.name}" (${community.id})` : `"${community.name}" (${community.id}) had no support contact`);
      return 0;
    }
    if (contact === undefined) {
      const found = await findSupportContact(ctx.db, community.id);
      if (!found) {
        ctx.out(`"${community.name}" (${community.id}) has no support contact (set one with --email)`);
        return 0;
      }
      ctx.out(`Support contact of "${community.name}" (${community.id})`);
      printContact(ctx.out, found);
      ctx.out(`  updated: ${found.updatedAt.toISOString()}`);
      return 0;
    }
    await setSupportContact(ctx.db, community.id, contact);
    ctx.out(`Set the support contact of "${community.name}" (${community.id})`);
    printContact(ctx.out, contact);
    return 0;
  },
};

/**
 * The contact community:support sets, checked: undefined to show it (only --community), null to
 * remove it (--clear), else the whole contact (--email and the rest).
 */
export function supportContact(values: OptionValues): SupportContactInput | null | undefined {
  const setting = ['email', 'url', 'phone', 'text', 'text-es'].filter((name) => values[name] !== undefined);
  if (values.clear === true) {
    if (setting.length > 0) throw new UsageError(`community:support: --clear cannot go with --${setting[0]}`);
    return null;
  }
  if (setting.length === 0) return undefined;
  const email = supportEmail(values);
  const url = httpsUrl(values);
  const phone = supportPhone(values);
  const en = text(values, 'text', TEXT_MAX);
  const es = text(values, 'text-es', TEXT_MAX);
  return { email, url, phone, text: en === undefined && es === undefined ? null : { ...(en && { en }), ...(es && { es }) } };
}

function printContact(
  out: (line: string) => void,
  contact: { email: string; url: string | null; phone: string | null; text: { en?: string; es?: string } | null },
) {
  out(`  email:   ${contact.email}`);
  out(`  link:    ${contact.url ?? '-'}`);
  out(`  phone:   ${contact.phone || '-'}`);
  out(`  text en: ${contact.text?.en === undefined ? '-' : JSON.stringify(contact.text.en)}`);
  out(`  text es: ${contact.text?.es === undefined ? '-' : JSON.stringify(contact.text.es)}`);
}
