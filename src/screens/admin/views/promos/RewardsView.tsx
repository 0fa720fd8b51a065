import { useState } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminPromo, AdminRewardOption, RewardsData } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { ArchivedBadge } from '../../EditForm';
import { EmptyList } from '../../viewParts';
import { CodeDuplicatesNotice } from './CodeDuplicatesNotice';
import { NewReward } from './NewReward';
import { EditPromoPanel, PromoActions, useFiltered } from './promoParts';
import { AddOption, RewardOptionRow } from './RewardOptionRow';

/** The rewards: a form for a new one, and each reward with its options, codes and archive. */
export function RewardsView({ data, canWrite }: { data: RewardsData; canWrite: boolean }) {
  const { filtered, filter } = useFiltered(data.rewards.map((r) => r.promo));
  const shown = data.rewards.filter((r) => filtered.includes(r.promo));
  return (
    <Stack gap="lg">
      {data.duplicates.length > 0 ? <CodeDuplicatesNotice groups={data.duplicates} canWrite={canWrite} /> : null}
      {canWrite ? <NewReward /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.rewards.listTitle">Rewards</Trans>
      </Title>
      {filter}
      {shown.length === 0 ? (
        <EmptyList />
      ) : (
        shown.map(({ promo, options }) => <RewardCard key={promo.id} promo={promo} options={options} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function RewardCard({ promo, options, canWrite }: { promo: AdminPromo; options: AdminRewardOption[]; canWrite: boolean }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-reward">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs" flex="1 1 15rem">
            <Title order={3} size="h5">
              {localText(promo.title, i18n.locale)}
            </Title>
            <ArchivedBadge archived={promo.archived} />
          </Group>
          <Group gap="xs">
            <PromoActions promo={promo} canWrite={canWrite} open={open} setOpen={setOpen} />
          </Group>
        </Group>
        <EditPromoPanel promo={promo} open={open} setOpen={setOpen} />
        {options.map((option) => (
          <RewardOptionRow key={option.optId} option={option} canWrite={canWrite} />
        ))}
        {canWrite && options.length < 20 ? <AddOption promo={promo} /> : null}
      </Stack>
    </Paper>
  );
}
