import type { Schema } from '../../../api/types';
import { communityReport } from '../../../db/repositories/operators/report';
import type { AuthContext } from '../sessions';
import { adminText, type OperatorContext } from './context';
import { LOW_STOCK, stockState } from './rewards';

/** The report of a community over a period. */
export interface ReportOperations {
  report(auth: AuthContext, communityId: string, days: number): Promise<Schema<'AdminReport'>>;
}

export function reportOperations(ctx: OperatorContext): ReportOperations {
  const { db, requireRole } = ctx;
  return {
    async report(auth, communityId, days) {
      await requireRole(auth, communityId, 'viewer');
      const to = ctx.now();
      const from = new Date(to.getTime() - days * 86_400_000);
      const data = await communityReport(db, communityId, from);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        days,
        members: { total: Number(data.members.total), joined: Number(data.members.joined) },
        pips: { earned: Number(data.pips.earned), redeemed: Number(data.pips.redeemed), adjusted: Number(data.pips.adjusted) },
        earnings: data.earnings.map((row) => ({
          day: row.day,
          kind: row.kind,
          sourceId: row.source_id,
          title: adminText(row.title),
          count: Number(row.count),
          pips: Number(row.pips),
        })),
        redemptions: data.redemptions.map((row) => ({
          promoId: row.promo_id,
          optId: row.option_id,
          title: adminText(row.title),
          label: adminText(row.label),
          count: Number(row.count),
          pips: Number(row.pips),
        })),
        stock: data.stock.map((row) => ({
          promoId: row.promo_id,
          optId: row.option_id,
          title: adminText(row.title),
          label: adminText(row.label),
          codesLeft: Number(row.left),
          codesTotal: Number(row.total),
          low: Number(row.left) < LOW_STOCK,
          stock: stockState(Number(row.left), Number(row.total)),
        })),
      };
    },
  };
}
