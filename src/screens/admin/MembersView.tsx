import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableFrame } from './TableFrame';
import { selectConsoleQuery, selectWriting } from '../../../machines/operatorConsole.selectors';
import { fieldErrors } from './adminMessages';
import { useConsole } from './consoleContext';
import type { AdminMemberPage } from './consoleLogic';

type Member = AdminMemberPage['members'][number];

/** The members: search by e-mail or name, and adjust one member's pips with a reason. */
export function MembersView({ page, canWrite }: { page: AdminMemberPage; canWrite: boolean }) {
  const { t } = useLingui();
  const actor = useConsole();
  const query = useSelector(actor, selectConsoleQuery);
  const [search, setSearch] = useState(query);
  const [adjusting, setAdjusting] = useState<number | null>(null);
  const shown = page.members.length;
  const total = page.total;

  return (
    <Stack gap="md">
      <Group component="form" align="flex-end" gap="sm" role="search"
        onSubmit={(e: FormEvent) => { e.preventDefault(); actor.send({ type: 'user.search', query: search.trim() }); }}>
        <TextInput label={t({ id: 'admin.members.search', message: 'E-mail or name' })} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} />
        <Button type="submit" variant="light">
          <Trans id="admin.members.searchButton">Search</Trans>
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        <Trans id="admin.members.count">
          Showing {shown} of {total} members.
        </Trans>
      </Text>
      <TableFrame label={t({ id: 'admin.view.members', message: 'Members' })} minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th><Trans id="admin.members.name">Name</Trans></Table.Th>
              <Table.Th><Trans id="admin.members.email">E-mail</Trans></Table.Th>
              <Table.Th><Trans id="admin.members.pips">Pips</Trans></Table.Th>
              <Table.Th><Trans id="admin.members.earned">Earned / used</Trans></Table.Th>
              {canWrite ? <Table.Th><Trans id="admin.members.actions">Actions</Trans></Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.members.map((member) => (
              <MemberRow key={member.userId} member={member} canWrite={canWrite} open={adjusting === member.userId}
                onToggle={() => setAdjusting((id) => (id === member.userId ? null : member.userId))} />
            ))}
          </Table.Tbody>
        </Table>
      </TableFrame>
    </Stack>
  );
}

function MemberRow({ member, canWrite, open, onToggle }: { member: Member; canWrite: boolean; open: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  const name = `${member.firstName} ${member.lastName}`.trim();
  return (
    <>
      <Table.Tr>
        <Table.Td>
          {name}{' '}
          {member.verified ? null : (
            <Badge color="yellow.9" variant="outline">
              <Trans id="admin.members.unverified">Not verified</Trans>
            </Badge>
          )}
        </Table.Td>
        <Table.Td>{member.email}</Table.Td>
        <Table.Td>{member.availablePips}</Table.Td>
        <Table.Td>
          {member.totalEarnedPips} / {member.totalUsedPips}
        </Table.Td>
        {canWrite ? (
          <Table.Td>
            <Button size="xs" variant="light" onClick={onToggle} aria-expanded={open}
              aria-label={t({ id: 'admin.members.adjust.label', message: `Adjust pips: ${member.email}` })}>
              <Trans id="admin.members.adjust">Adjust pips</Trans>
            </Button>
          </Table.Td>
        ) : null}
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <AdjustForm member={member} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

function AdjustForm({ member }: { member: Member }) {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const writing = useSelector(actor, selectWriting);
  const [delta, setDelta] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      delta: Number.isInteger(delta) && delta !== 0 && Math.abs(Number(delta)) <= 10_000_000 ? undefined : i18n._(fieldErrors.deltaRequired),
      reason: reason.trim() ? undefined : i18n._(fieldErrors.reasonRequired),
    };
    setErrors(found);
    if (found.delta || found.reason) return;
    actor.send({ type: 'user.write', request: { kind: 'adjustPips', input: { userId: member.userId, delta: Number(delta), reason: reason.trim() } } });
  };
  return (
    <Paper component="form" onSubmit={submit} noValidate p="sm" withBorder>
      <Group align="flex-start" gap="sm">
        <NumberInput label={t({ id: 'admin.members.delta', message: 'Pips to add (negative to take away)' })} allowDecimal={false} value={delta} error={errors.delta}
          onChange={(value) => { setDelta(value); setErrors((x) => ({ ...x, delta: undefined })); }} w={240} />
        <TextInput label={t({ id: 'admin.members.reason', message: 'Reason (the member sees it)' })} value={reason} error={errors.reason} maxLength={500}
          onChange={(e) => { setReason(e.currentTarget.value); setErrors((x) => ({ ...x, reason: undefined })); }} w={320} />
        <Button type="submit" mt={25} loading={writing}>
          <Trans id="admin.members.apply">Apply</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
