import { Alert, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminMemberLedger } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { PagedTable } from '../../PagedTable';
import { BackTo, useDateFormat } from '../../viewParts';

/** Since when and why the member is suspended (restored from the members' list). */
function Suspended({ since, reason }: { since: string; reason: string }) {
  const { t } = useLingui();
  return (
    <Alert color="red" variant="light" title={t({ id: 'admin.member.suspendedTitle', message: `Suspended since ${since}` })}>
      <Trans id="admin.member.suspendedReason">Why: {reason}. They can sign in and read, but not earn or redeem until restored.</Trans>
    </Alert>
  );
}

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
      {member.suspension ? <Suspended since={when(member.suspension.at)} reason={member.suspension.reason} /> : null}
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
