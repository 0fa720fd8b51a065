import { Select } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { components } from '../../../../api/schema';

export type EarnCompletion = components['schemas']['EarnCompletion'];

const NONE = 'none';

/** What completes an earn action in the app, as the console names it. */
export const completionMessages = {
  triviaAnswer: msg({ id: 'admin.earn.completedBy.triviaAnswer', message: 'Answering the question of the day' }),
  triviaRightAnswer: msg({ id: 'admin.earn.completedBy.triviaRightAnswer', message: 'A right answer to the question of the day' }),
} satisfies Record<EarnCompletion, unknown>;

/** An action completed in the app opens no link: the field's error when both are given. */
export const completionWithUrl = msg({ id: 'admin.earn.completedBy.withUrl', message: 'An action completed in the app opens no link: leave the link empty.' });

/**
 * "Completed in the app by": nothing (members earn it with its Earn button), or an in-app event
 * that pays it by itself, within its limit, and leads members to its screen.
 */
export function CompletionSelect({ value, onChange }: { value: EarnCompletion | null; onChange: (value: EarnCompletion | null) => void }) {
  const { t, i18n } = useLingui();
  return (
    <Select
      label={t({ id: 'admin.earn.completedBy', message: 'Completed in the app by' })}
      description={t({ id: 'admin.earn.completedByHelp', message: 'Members earn it by doing this in the app; it pays by itself, within its limit.' })}
      allowDeselect={false}
      value={value ?? NONE}
      onChange={(next) => onChange(next === null || next === NONE ? null : (next as EarnCompletion))}
      data={[
        { value: NONE, label: t({ id: 'admin.earn.completedBy.none', message: 'Nothing: an Earn button' }) },
        { value: 'triviaAnswer', label: i18n._(completionMessages.triviaAnswer) },
        { value: 'triviaRightAnswer', label: i18n._(completionMessages.triviaRightAnswer) },
      ]}
    />
  );
}

/** How often a member may earn it. */
export function LimitSelect({ value, onChange }: { value: 'once' | 'daily' | 'unlimited'; onChange: (value: 'once' | 'daily' | 'unlimited') => void }) {
  const { t } = useLingui();
  return (
    <Select
      label={t({ id: 'admin.earn.limit', message: 'How often a member may earn it' })}
      allowDeselect={false}
      value={value}
      onChange={(next) => onChange((next ?? 'once') as 'once' | 'daily' | 'unlimited')}
      data={[
        { value: 'once', label: t({ id: 'admin.earn.limit.once', message: 'Once' }) },
        { value: 'daily', label: t({ id: 'admin.earn.limit.daily', message: 'Once a day' }) },
        { value: 'unlimited', label: t({ id: 'admin.earn.limit.unlimited', message: 'No limit' }) },
      ]}
    />
  );
}
