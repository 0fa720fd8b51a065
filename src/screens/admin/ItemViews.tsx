import type { ReactNode } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '../../actors/useSelector';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../components/TableHead';
import { selectWriting } from '../../../machines/operatorConsole.selectors';
import { useConsole } from './consoleContext';
import type { AdminCodePage, AdminMemberLedger } from './consoleLogic';
import { localText } from './DoneNotice';
import { TableFrame } from './viewParts';
import { accountLabel } from './accountLabel';

function BackTo({ view, children }: { view: 'members' | 'rewards'; children: ReactNode }) {
  const actor = useConsole();
  return (
    <Group>
      <Button variant="subtle" size="compact-sm" onClick={() => actor.send({ type: 'user.openView', view })}>
        {children}
      </Button>
    </Group>
  );
}

/** One member: their balances and their ledger, newest first. */
export function MemberLedgerView({ data }: { data: AdminMemberLedger }) {
  const { t, i18n } = useLingui();
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
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
      <TableFrame label={t({ id: 'admin.member.ledger', message: 'Ledger' })} minWidth={560}>
        <Table striped>
          <TableHead
            columns={[
              <Trans key="admin.audit.when" id="admin.audit.when">When</Trans>,
              <Trans key="admin.member.what" id="admin.member.what">What</Trans>,
              <Trans key="admin.bulk.delta" id="admin.bulk.delta">Pips</Trans>,
            ]}
          />
          <Table.Tbody>
            {data.entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{when.format(new Date(entry.at))}</Table.Td>
                <Table.Td>
                  {localText(entry.title, i18n.locale)}
                  {entry.reason ? ` · ${entry.reason}` : ''}
                </Table.Td>
                <Table.Td>{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableFrame>
    </Stack>
  );
}

/**
 * One reward option's gift-card codes: free ones (which may be voided) and the ones handed out.
 * A viewer gets them masked by the server (`••••••1234`), so the page holds nothing to copy.
 */
export function CodesView({ data, canWrite }: { data: AdminCodePage; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const writing = useSelector(actor, selectWriting);
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const total = data.total;
  return (
    <Stack gap="md">
      <BackTo view="rewards">
        <Trans id="admin.codes.back">← All rewards</Trans>
      </BackTo>
      <Text>
        <Trans id="admin.codes.count">{total} codes loaded in all.</Trans>
      </Text>
      <Text size="sm" c="dimmed" data-testid="codes-privacy">
        {data.masked ? (
          <Trans id="admin.codes.masked">Your role shows only the last 4 characters of each code. Owners and editors see them whole.</Trans>
        ) : (
          <Trans id="admin.codes.audited">The codes are shown whole to owners and editors; each time, the audit log records who read how many.</Trans>
        )}
      </Text>
      <TableFrame label={t({ id: 'admin.codes.label', message: 'Gift-card codes' })} minWidth={560}>
        <Table striped>
          <TableHead
            columns={[
              <Trans key="admin.import.code" id="admin.import.code">Code</Trans>,
              <Trans key="admin.codes.status" id="admin.codes.status">Status</Trans>,
              ...(canWrite ? [<Trans key="admin.members.actions" id="admin.members.actions">Actions</Trans>] : []),
            ]}
          />
          <Table.Tbody>
            {data.codes.map((code) => (
              <Table.Tr key={code.id}>
                <Table.Td>{code.code}</Table.Td>
                <Table.Td>
                  {code.status === 'free' ? (
                    <Badge color="teal.9" variant="outline">
                      <Trans id="admin.codes.free">Free</Trans>
                    </Badge>
                  ) : (
                    <Text size="sm">
                      <Trans id="admin.codes.handedOut">
                        Handed out to {accountLabel(i18n, code.email) ?? '—'} on {when.format(new Date(code.handedOutAt ?? 0))}
                      </Trans>
                    </Text>
                  )}
                </Table.Td>
                {canWrite ? (
                  <Table.Td>
                    {code.status === 'free' ? (
                      <Button size="xs" variant="default" disabled={writing} aria-label={t({ id: 'admin.codes.void.label', message: `Void: ${code.code}` })}
                        onClick={() => actor.send({ type: 'user.write', request: { kind: 'voidCode', input: { id: code.id } } })}>
                        <Trans id="admin.codes.void">Void</Trans>
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableFrame>
    </Stack>
  );
}
