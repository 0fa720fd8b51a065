import type { Promo } from '../../api/client';

export type RewardOption = NonNullable<Promo['options']>[number];

/** The options a member can redeem now (a gift-card code is left). */
export const optionsInStock = (promo: Promo): RewardOption[] => (promo.options ?? []).filter((option) => option.inStock);

/** Whether any option of the reward can be redeemed now. */
export function isInStock(promo: Promo): boolean {
  return promo.available !== false && optionsInStock(promo).length > 0;
}

/** The cheapest price of the reward (its in-stock options first), and whether prices differ. */
export function rewardPrice(promo: Promo): { pips: number; varies: boolean } {
  const options = optionsInStock(promo).length ? optionsInStock(promo) : (promo.options ?? []);
  if (!options.length) return { pips: promo.pips, varies: false };
  const prices = options.map((option) => option.pips);
  const pips = Math.min(...prices);
  return { pips, varies: prices.some((price) => price !== pips) };
}

/** How many more pips the member needs for `price`: 0 when the balance covers it or is unknown. */
export function pipsShort(balance: number | undefined, price: number): number {
  return balance === undefined ? 0 : Math.max(0, price - balance);
}

/** The option shown first: the cheapest in stock, else the cheapest. */
export function defaultOption(promo: Promo): RewardOption | undefined {
  const byPrice = (options: RewardOption[]) => [...options].sort((a, b) => a.pips - b.pips)[0];
  return byPrice(optionsInStock(promo)) ?? byPrice(promo.options ?? []);
}

/**
 * What Home's progress element points at (issue 12): the cheapest reward in stock the member cannot
 * afford yet (`kind: 'next'`), or, when every reward in stock is within reach, the dearest of them
 * (`kind: 'affordable'`). Null when no reward is in stock.
 */
export function nextReward(promos: Promo[], balance: number): { kind: 'next' | 'affordable'; promo: Promo; price: number } | null {
  const priced = promos.filter(isInStock).map((promo) => ({ promo, price: rewardPrice(promo).pips }));
  if (priced.length === 0) return null;
  const ahead = priced.filter((p) => p.price > balance).sort((a, b) => a.price - b.price)[0];
  if (ahead) return { kind: 'next', ...ahead };
  const best = [...priced].sort((a, b) => b.price - a.price)[0];
  return { kind: 'affordable', ...best };
}
