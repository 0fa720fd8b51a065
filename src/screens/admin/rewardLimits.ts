import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { components } from '../../api/schema';
import type { EditField, EditValues } from './EditForm';

/** A reward option's per-member limit as the operator API takes and gives it. */
export type RedemptionLimit = components['schemas']['RedemptionLimit'];
type Period = RedemptionLimit['period'];

const periodNames: Record<Period, MessageDescriptor> = {
  ever: msg({ id: 'admin.limit.period.ever', message: 'in all' }),
  day: msg({ id: 'admin.limit.period.day', message: 'per day' }),
  week: msg({ id: 'admin.limit.period.week', message: 'per week' }),
  month: msg({ id: 'admin.limit.period.month', message: 'per month' }),
};

/** The limit in words for the option's row: "1 per member", "2 per member per week", "No limit per member". */
export function limitWords(i18n: I18n, limit: RedemptionLimit | null | undefined): string {
  if (!limit) return i18n._(msg({ id: 'admin.limit.none', message: 'No limit per member' }));
  const count = limit.count;
  if (limit.period === 'ever') return i18n._(msg({ id: 'admin.limit.ever', message: `${count} per member` }));
  if (limit.period === 'day') return i18n._(msg({ id: 'admin.limit.day', message: `${count} per member per day` }));
  if (limit.period === 'week') return i18n._(msg({ id: 'admin.limit.week', message: `${count} per member per week` }));
  return i18n._(msg({ id: 'admin.limit.month', message: `${count} per member per month` }));
}

/** The two fields of a limit in an option's form: how many (empty: no limit) and in which period. */
export function limitFields(i18n: I18n): EditField[] {
  return [
    {
      key: 'limitCount',
      label: i18n._(msg({ id: 'admin.field.limitCount', message: 'Most redemptions per member (empty: no limit)' })),
      kind: 'number',
      min: 1,
      max: 1000,
    },
    {
      key: 'limitPeriod',
      label: i18n._(msg({ id: 'admin.field.limitPeriod', message: 'Counted' })),
      kind: 'select',
      choices: (Object.keys(periodNames) as Period[]).map((value) => ({ value, label: i18n._(periodNames[value]) })),
    },
  ];
}

/** The form's values of a limit. */
export const limitInitial = (limit: RedemptionLimit | null | undefined): EditValues => ({ limitCount: limit?.count ?? '', limitPeriod: limit?.period ?? 'ever' });

/** The limit the form's values say (null: none). */
export function limitFromValues(values: EditValues): RedemptionLimit | null {
  const count = values.limitCount;
  if (count === '' || count === undefined) return null;
  const period = String(values.limitPeriod || 'ever') as Period;
  return { count: Number(count), period: period in periodNames ? period : 'ever' };
}
