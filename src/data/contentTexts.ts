import type { ActivityItem, CommunitySupport, Dashboard, GiftCard, Promo, Questionnaire, Transaction, User } from '../api/client';
import type { AnnouncementItem } from '../../machines/announcements.types';
import type { ResourceData, ResourceKey } from './resourceFetchers';
import type { TextMapper } from './translations';

/**
 * Where operator-written text sits in each answer the app shows: `pick(value, text)` builds the
 * value anew with every such text passed through `text` (src/data/translations.ts translates
 * them). Member data (names, codes, dates) and the fictional winners' names are left alone.
 */

export type TextPick<T> = (value: T, text: TextMapper) => T;

const orNull = <V extends string | null | undefined>(value: V, text: TextMapper): V => (typeof value === 'string' ? text(value) : value) as V;

export const promoTexts: TextPick<Promo> = (promo, text) => ({
  ...promo,
  title: text(promo.title),
  description: orNull(promo.description, text),
  terms: orNull(promo.terms, text),
  ...(promo.options ? { options: promo.options.map((option) => ({ ...option, label: text(option.label) })) } : {}),
});

const payloadKeys = new Set(['title', 'description', 'label', 'help', 'placeholder']);

/** The texts of a questionnaire payload (a JSON text): titles, labels, help and placeholders. */
function payloadTexts(payload: string, text: TextMapper): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return payload;
  }
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, typeof item === 'string' && payloadKeys.has(key) ? text(item) : walk(item)]),
    );
  };
  const translated = JSON.stringify(walk(parsed));
  return translated === JSON.stringify(parsed) ? payload : translated;
}

export const questionnaireTexts: TextPick<Questionnaire> = (form, text) => ({ ...form, title: text(form.title), payload: payloadTexts(form.payload, text) });

export const activityTexts: TextPick<ActivityItem> = (item, text) => ({ ...item, title: text(item.title) });

export const giftCardTexts: TextPick<GiftCard> = (card, text) => ({ ...card, name: text(card.name), description: orNull(card.description, text) });

export const transactionTexts: TextPick<Transaction> = (transaction, text) => ({
  ...transaction,
  name: text(transaction.name),
  description: orNull(transaction.description, text),
  terms: orNull(transaction.terms, text),
});

export const dashboardTexts: TextPick<Dashboard> = (dashboard, text) => ({
  ...dashboard,
  actions: dashboard.actions.map((action) => ({ ...action, title: text(action.title), description: orNull(action.description, text) })),
});

export const supportTexts: TextPick<CommunitySupport> = (support, text) => ({
  ...support,
  communityName: text(support.communityName),
  contact: support.contact ? { ...support.contact, text: orNull(support.contact.text, text) } : support.contact,
});

/** The member's profile: only their community's name is the operator's (Profile shows it). */
export const profileTexts: TextPick<User> = (user, text) => ({ ...user, communityName: orNull(user.communityName, text) });

export const announcementTexts: TextPick<AnnouncementItem> = (item, text) => ({ ...item, title: text(item.title), text: text(item.text) });

export const chanceToWinTexts = <T extends { name: string; prize?: string | null }>(contest: T, text: TextMapper): T => ({
  ...contest,
  name: text(contest.name),
  prize: orNull(contest.prize, text),
});

const each =
  <T>(pick: TextPick<T>): TextPick<T[]> =>
  (items, text) =>
    items.map((item) => pick(item, text));

/** The operator texts of each cached resource (none for the member's own data). */
export const resourceTexts: { [K in ResourceKey]?: TextPick<ResourceData[K]> } = {
  earnPromos: each(promoTexts),
  redeemPromos: each(promoTexts),
  forms: each(questionnaireTexts),
  activity: each(activityTexts),
  giftCards: each(giftCardTexts),
  dashboard: dashboardTexts,
  transaction: transactionTexts,
  profile: profileTexts,
  support: supportTexts,
  guestSupport: supportTexts,
  chanceToWinArchive: each(chanceToWinTexts),
};
