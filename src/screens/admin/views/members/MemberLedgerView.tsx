import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminMemberLedger } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { PagedTable } from '../../PagedTable';
import { BackTo, useDateFormat } from '../../viewParts';

/** One member: their balances and their ledger, newest first. */
export function MemberLedgerView({ data }: { data: AdminMemberLedger }) {
  const { t, i18n } = useLingui();
  const when = useDateFormat();
  const { member } = data;
  const name = `${member.firstName} ${member.lastName}`.trim();
  const { availablePips, totalEarnedPips, totalUsedPips } = member;
  return (
    <Stack gap="md">
      <BackTo view="members">
        <Trans id="admin.member.back">← All members</Trans>
      </BackTo>
      <Title order={2} size="h4">
        {name} · {member.email}
      </Title>
      <Text>
        <Trans id="admin.member.balances">
          {availablePips} pips available · {totalEarnedPips} earned · {totalUsedPips} used
        </Trans>
      </Text>
      <PagedTable
        label={t({ id: 'admin.member.ledger', message: 'Ledger' })}
        minWidth={560}
        columns={[
          { header: <Trans id="admin.audit.when">When</Trans>, cell: (entry) => when(entry.at) },
          { header: <Trans id="admin.member.what">What</Trans>, cell: (entry) => `${localText(entry.title, i18n.locale)}${entry.reason ? ` · ${entry.reason}` : ''}` },
          { header: <Trans id="admin.bulk.delta">Pips</Trans>, cell: (entry) => (entry.delta > 0 ? `+${entry.delta}` : entry.delta) },
        ]}
        rows={data.entries}
        rowKey={(entry) => entry.id}
      />
    </Stack>
  );
}
