import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, NumberInput, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../../../actors/useSelector';
import { selectConsoleQuery, selectPreview } from '../../../../../machines/operatorConsole.selectors';
import { bulkProblems, fieldErrors } from '../../adminMessages';
import { useConsole, useWrite } from '../../consoleContext';
import type { AdminBulkAdjustResult, AdminMemberPage } from '../../consoleLogic';
import { FileField, useFieldErrors } from '../../formParts';
import { PagedTable, type Column } from '../../PagedTable';

type Member = AdminMemberPage['members'][number];

/** The form open under a member's row: the adjustment of their pips, or their suspension. */
type OpenPanel = { userId: number; panel: 'adjust' | 'suspend' };

/** The members: search by e-mail, name or id; adjust one member's pips with a reason; suspend and restore a member. */
export function MembersView({ page, canWrite }: { page: AdminMemberPage; canWrite: boolean }) {
  const { t } = useLingui();
  const actor = useConsole();
  const query = useSelector(actor, selectConsoleQuery);
  const [search, setSearch] = useState(query);
  const [open, setOpen] = useState<OpenPanel | null>(null);
  const shown = page.members.length;
  const total = page.total;

  return (
    <Stack gap="md">
      <Group component="form" align="flex-end" gap="sm" role="search"
        onSubmit={(e: FormEvent) => { e.preventDefault(); actor.send({ type: 'user.search', query: search.trim() }); }}>
        <TextInput label={t({ id: 'admin.members.search', message: 'Email or name' })} description={t({ id: 'admin.members.searchHint', message: 'Or a member id, as #42' })} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} />
        <Button type="submit" variant="light">
          <Trans id="admin.members.searchButton">Search</Trans>
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        <Trans id="admin.members.count">
          Showing {shown} of {total} members.
        </Trans>
      </Text>
      <PagedTable
        label={t({ id: 'admin.view.members', message: 'Members' })}
        minWidth={640}
        columns={memberColumns(canWrite, open, (userId, panel) => setOpen((now) => (now?.userId === userId && now.panel === panel ? null : { userId, panel })))}
        rows={page.members}
        rowKey={(member) => member.userId}
        below={(member) =>
          open?.userId !== member.userId ? null : open.panel === 'adjust' ? <AdjustForm member={member} /> : <SuspendForm member={member} />
        }
      />
      {canWrite ? <BulkAdjust /> : null}
    </Stack>
  );
}

/** Many members at once from a CSV (email, delta, reason): every line checked first, then all or nothing. */
function BulkAdjust() {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const { writing, send } = useWrite();
  const preview = useSelector(actor, selectPreview);
  const result = preview?.request.kind === 'bulkAdjust' ? (preview.value as AdminBulkAdjustResult) : null;
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | undefined>();

  const check = async (e: FormEvent) => {
    e.preventDefault();
    const text = (file ? await file.text() : pasted).replace(/^\uFEFF/, '');
    if (!text.trim()) return setError(i18n._(fieldErrors.noCsv));
    setError(undefined);
    setCsv(text);
    send({ kind: 'bulkAdjust', input: { csv: text }, preview: true });
  };

  const problems = result ? result.rows.filter((row) => row.problem).length : 0;
  const lines = result ? result.rows.length : 0;
  return (
    <Paper withBorder p="md" radius="md" aria-labelledby="bulk-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="bulk-title">
          <Trans id="admin.bulk.title">Adjust many members from a CSV</Trans>
        </Title>
        {result ? (
          <>
            <Text fw={600} aria-live="polite">
              {problems === 0 ? (
                <Plural id="admin.bulk.ready" value={lines} one="The line can be applied." other="All # lines can be applied." />
              ) : (
                <Trans id="admin.bulk.problems">{problems} of {lines} lines have a problem: fix the file, nothing is applied until every line is good.</Trans>
              )}
            </Text>
            <PagedTable
              label={t({ id: 'admin.bulk.title', message: 'Adjust many members from a CSV' })}
              minWidth={560}
              columns={[
                { header: <Trans id="admin.bulk.line">Line</Trans>, cell: (row) => row.line },
                { header: <Trans id="admin.members.email">Email</Trans>, cell: (row) => row.email },
                { header: <Trans id="admin.bulk.delta">Pips</Trans>, cell: (row) => row.delta ?? '—' },
                {
                  header: <Trans id="admin.bulk.outcome">Before → after, or the problem</Trans>,
                  cell: (row) =>
                    row.problem ? <Text c="red.9" size="sm">{i18n._(bulkProblems[row.problem])}</Text> : `${row.availableBefore} → ${row.availableAfter}`,
                },
              ]}
              rows={result.rows}
              rowKey={(row) => row.line}
            />
            <Group>
              <Button loading={writing} disabled={problems > 0}
                onClick={() => send({ kind: 'bulkAdjust', input: { csv } })}>
                <Plural id="admin.bulk.apply" value={lines} one="Apply # adjustment" other="Apply # adjustments" />
              </Button>
              <Button variant="default" onClick={() => actor.send({ type: 'user.discardPreview' })}>
                <Trans id="admin.import.cancel">Cancel</Trans>
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={check} noValidate>
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                <Trans id="admin.bulk.hint">A header line naming the columns email, delta and reason, then one member per line.</Trans>
              </Text>
              <FileField label={t({ id: 'admin.bulk.file', message: 'CSV file' })} accept=".csv,.txt,text/csv,text/plain" value={file}
                onChange={(f) => { setFile(f); setError(undefined); }} clearable error={error} />
              <Textarea label={t({ id: 'admin.bulk.paste', message: 'Or paste the CSV' })} minRows={3} value={pasted}
                onChange={(e) => { setPasted(e.currentTarget.value); setError(undefined); }} />
              <Group>
                <Button type="submit" variant="light" loading={writing}>
                  <Trans id="admin.bulk.check">Check every line</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The members table's columns: name (and whether verified), e-mail, pips, earned and used, then
 * the member's ledger (every operator reads it) and, for a role that writes, the button that opens
 * the adjustment under the row (`toggle`; `adjusting`: the member whose adjustment is open).
 */
function memberColumns(canWrite: boolean, open: OpenPanel | null, toggle: (userId: number, panel: OpenPanel['panel']) => void): Column<Member>[] {
  return [
    {
      header: <Trans id="admin.members.name">Name</Trans>,
      cell: (member) => (
        <>
          {`${member.firstName} ${member.lastName}`.trim()}{' '}
          {member.verified ? null : (
            <Badge color="yellow.9" variant="outline">
              <Trans id="admin.members.unverified">Not verified</Trans>
            </Badge>
          )}
          {member.suspension ? (
            // Text, not a badge: it wraps in the narrow name column of a phone.
            <>
              <Text size="xs" c="red.9" fw={700}>
                <Trans id="admin.members.suspended">Suspended</Trans>
              </Text>
              <Text size="xs" c="dimmed">
                {member.suspension.reason}
              </Text>
            </>
          ) : null}
        </>
      ),
    },
    { header: <Trans id="admin.members.email">Email</Trans>, cell: (member) => member.email },
    { header: <Trans id="admin.members.pips">Pips</Trans>, cell: (member) => member.availablePips },
    { header: <Trans id="admin.members.earned">Earned / used</Trans>, cell: (member) => `${member.totalEarnedPips} / ${member.totalUsedPips}` },
    {
      header: <Trans id="admin.members.actions">Actions</Trans>,
      cell: (member) => (
        <MemberActions member={member} canWrite={canWrite} open={open?.userId === member.userId ? open.panel : null} onToggle={(panel) => toggle(member.userId, panel)} />
      ),
    },
  ];
}

/** A member's ledger first (every operator reads it), then the write. */
function MemberActions({ member, canWrite, open, onToggle }: { member: Member; canWrite: boolean; open: OpenPanel['panel'] | null; onToggle: (panel: OpenPanel['panel']) => void }) {
  const { t } = useLingui();
  const actor = useConsole();
  const { writing, send } = useWrite();
  return (
    <Group gap="xs">
      <Button size="xs" variant="default" aria-label={t({ id: 'admin.members.ledger.label', message: `Ledger: ${member.email}` })}
        onClick={() => actor.send({ type: 'user.openItem', view: 'member', id: member.userId })}>
        <Trans id="admin.members.ledgerButton">Ledger</Trans>
      </Button>
      {canWrite ? (
        <Button size="xs" variant="light" onClick={() => onToggle('adjust')} aria-expanded={open === 'adjust'}
          aria-label={t({ id: 'admin.members.adjust.label', message: `Adjust pips: ${member.email}` })}>
          <Trans id="admin.members.adjust">Adjust pips</Trans>
        </Button>
      ) : null}
      {canWrite && member.suspension ? (
        <Button size="xs" variant="light" color="teal.9" loading={writing} aria-label={t({ id: 'admin.members.restore.label', message: `Restore: ${member.email}` })}
          onClick={() => send({ kind: 'restoreMember', input: { userId: member.userId } })}>
          <Trans id="admin.members.restore">Restore</Trans>
        </Button>
      ) : null}
      {canWrite && !member.suspension ? (
        <Button size="xs" variant="light" color="red.9" onClick={() => onToggle('suspend')} aria-expanded={open === 'suspend'}
          aria-label={t({ id: 'admin.members.suspend.label', message: `Suspend: ${member.email}` })}>
          <Trans id="admin.members.suspend">Suspend</Trans>
        </Button>
      ) : null}
    </Group>
  );
}

/** Suspends the member with a reason the operators keep: they read, but neither earn nor redeem until restored. */
function SuspendForm({ member }: { member: Member }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [reason, setReason] = useState('');
  const { errors, clear, check } = useFieldErrors();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!check({ reason: reason.trim() ? undefined : i18n._(fieldErrors.suspendReasonRequired) })) return;
    send({ kind: 'suspendMember', input: { userId: member.userId, reason: reason.trim() } });
  };
  return (
    <Paper component="form" onSubmit={submit} noValidate p="sm" withBorder>
      <Stack gap="xs">
        <Text size="sm">
          <Trans id="admin.members.suspendHint">
            A suspended member can sign in and see their pips and history, but cannot earn or redeem until you restore them. They are told their account is suspended.
          </Trans>
        </Text>
        <Group align="flex-start" gap="sm">
          <TextInput label={t({ id: 'admin.members.suspendReason', message: 'Why (kept for the operators, not shown to the member)' })} value={reason} error={errors.reason} maxLength={500}
            onChange={(e) => { setReason(e.currentTarget.value); clear('reason'); }} w={420} />
          <Button type="submit" mt={25} color="red.9" loading={writing}>
            <Trans id="admin.members.suspendButton">Suspend the member</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AdjustForm({ member }: { member: Member }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [delta, setDelta] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const { errors, clear, check } = useFieldErrors();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      delta: Number.isInteger(delta) && delta !== 0 && Math.abs(Number(delta)) <= 10_000_000 ? undefined : i18n._(fieldErrors.deltaRequired),
      reason: reason.trim() ? undefined : i18n._(fieldErrors.reasonRequired),
    };
    if (!check(found)) return;
    send({ kind: 'adjustPips', input: { userId: member.userId, delta: Number(delta), reason: reason.trim() } });
  };
  return (
    <Paper component="form" onSubmit={submit} noValidate p="sm" withBorder>
      <Group align="flex-start" gap="sm">
        <NumberInput label={t({ id: 'admin.members.delta', message: 'Pips to add (negative to take away)' })} allowDecimal={false} value={delta} error={errors.delta}
          onChange={(value) => { setDelta(value); clear('delta'); }} w={240} />
        <TextInput label={t({ id: 'admin.members.reason', message: 'Reason (the member sees it)' })} value={reason} error={errors.reason} maxLength={500}
          onChange={(e) => { setReason(e.currentTarget.value); clear('reason'); }} w={320} />
        <Button type="submit" mt={25} loading={writing}>
          <Trans id="admin.members.apply">Apply</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
