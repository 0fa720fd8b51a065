import { Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminMemberLedger } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { BackTo, DataTable, useDateFormat } from '../../viewParts';

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
      <DataTable
        label={t({ id: 'admin.member.ledger', message: 'Ledger' })}
        minWidth={560}
        striped
        columns={[
          <Trans key="admin.audit.when" id="admin.audit.when">When</Trans>,
          <Trans key="admin.member.what" id="admin.member.what">What</Trans>,
          <Trans key="admin.bulk.delta" id="admin.bulk.delta">Pips</Trans>,
        ]}
      >
        {data.entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td>{when(entry.at)}</Table.Td>
            <Table.Td>
              {localText(entry.title, i18n.locale)}
              {entry.reason ? ` · ${entry.reason}` : ''}
            </Table.Td>
            <Table.Td>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
