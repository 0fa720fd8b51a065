import { useState, type FormEvent } from 'react';
import { Badge, Button, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { accountLabel } from '../../accountLabel';
import { fieldErrors } from '../../adminMessages';
import { localInputValue, useWrite } from '../../consoleContext';
import type { AdminCtwContest, AdminCtwContestList } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { ArchivedBadge, ArchiveToggle, bilingual, DeleteButton, EditButton, EditForm } from '../../EditForm';
import { BilingualFields, ConfirmButtons, CreateForm, pipsProblem, useFieldErrors, wholeIn } from '../../formParts';
import { EmptyList, ItemCard, useDateFormat } from '../../viewParts';

/** The Chance to Win contests: a form for a new one; each with its qualification, drawing and winners; draw now. */
export function ChanceToWinView({ data, canWrite }: { data: AdminCtwContestList; canWrite: boolean }) {
  return (
    <Stack gap="lg">
      {canWrite ? <NewContest /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.ctw.listTitle">Contests</Trans>
      </Title>
      {data.contests.length === 0 ? <EmptyList /> : data.contests.map((contest) => <ContestCard key={contest.id} contest={contest} canWrite={canWrite} />)}
    </Stack>
  );
}

function ContestCard({ contest, canWrite }: { contest: AdminCtwContest; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const when = useDateFormat({ dateStyle: 'long', timeStyle: 'short' });
  const name = localText(contest.name, i18n.locale);
  const threshold = contest.thresholdPips;
  const from = when(contest.startsAt);
  const drawing = when(contest.drawsAt);
  const entries = contest.entries ?? 0;
  const open = contest.status === 'open';
  const drawn = contest.status === 'drawn';
  return (
    <ItemCard
      testId="admin-contest"
      stacked
      title={name}
      badges={
        drawn ? (
          <>
            <Badge color="gray" variant="light">
              <Trans id="admin.ctw.drawn">Drawn</Trans>
            </Badge>
            {/* 'Live' beside 'Drawn' read as a contradiction: only an archived draw says more. */}
            {contest.archived ? <ArchivedBadge archived /> : null}
          </>
        ) : (
          <Badge color="teal.9" variant="outline">
            <Trans id="admin.ctw.open">Open</Trans>
          </Badge>
        )
      }
      details={
        <>
          {contest.prize ? <Text size="sm">{localText(contest.prize, i18n.locale)}</Text> : null}
          <Text size="sm" c="dimmed">
            <Trans id="admin.ctw.summary">
              Members who earn {threshold} pips from {from} take part; drawing {drawing}.
            </Trans>
          </Text>
        </>
      }
      actions={
        canWrite && open && !confirming ? (
          <>
            <EditButton title={name} open={editing} onToggle={() => setEditing((e) => !e)} />
            <DeleteButton title={name} onDelete={() => send({ kind: 'deleteChanceToWin', input: { id: contest.id } })} />
            <Button size="xs" variant="default" onClick={() => setConfirming(true)} aria-label={t({ id: 'admin.ctw.draw.label', message: `Draw now: ${name}` })}>
              <Trans id="admin.ctw.draw">Draw now</Trans>
            </Button>
          </>
        ) : canWrite && drawn ? (
          <ArchiveToggle
            title={name}
            archived={contest.archived}
            onArchive={() => send({ kind: 'updateChanceToWin', input: { id: contest.id, archived: true } })}
            onRestore={() => send({ kind: 'updateChanceToWin', input: { id: contest.id, archived: false } })}
          />
        ) : null
      }
    >
      {editing && open ? <EditContest contest={contest} onDone={() => setEditing(false)} /> : null}
      {confirming && open ? (
        <Paper p="sm" withBorder bg="var(--mantine-color-gray-0)">
          <Stack gap="xs">
            <Text size="sm">
              <Trans id="admin.ctw.confirm">Drawing now closes the contest: only pips earned until now count, and the winners are announced at once. This cannot be undone.</Trans>
            </Text>
            <ConfirmButtons
              confirm={<Trans id="admin.ctw.confirmDraw">Draw the winners now</Trans>}
              onConfirm={() => send({ kind: 'drawChanceToWin', input: { id: contest.id } })}
              onCancel={() => setConfirming(false)}
            />
          </Stack>
        </Paper>
      ) : null}
      {drawn ? (
        <Stack gap={2}>
          <Text size="sm">
            <Plural id="admin.ctw.entries" value={entries} one="# member took part." other="# members took part." />
          </Text>
          {contest.winners.map((winner) => (
            <Text size="sm" key={winner.position}>
              {winner.position}. {accountLabel(i18n, winner.name)} · {winner.email ?? '—'}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        <Trans id="admin.ctw.commitment">Commitment (SHA-256 of the seed): {contest.commitment}</Trans>
      </Text>
    </ItemCard>
  );
}

/** An open contest's edit form: its name, threshold, number of winners and drawing (still to come). */
function EditContest({ contest, onDone }: { contest: AdminCtwContest; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  return (
    <EditForm
      fields={[
        { key: 'en', label: t({ id: 'admin.field.nameEn', message: 'Name (English)' }), required: true },
        { key: 'es', label: t({ id: 'admin.field.nameEs', message: 'Name (Spanish, optional)' }) },
        { key: 'threshold', label: t({ id: 'admin.field.threshold', message: 'Pips to earn to take part' }), kind: 'number', required: true, min: 1, max: 10_000_000 },
        { key: 'winners', label: t({ id: 'admin.field.winners', message: 'Number of winners' }), kind: 'number', required: true, min: 1, max: 1000 },
        { key: 'drawsAt', label: t({ id: 'admin.field.drawsAt', message: 'Drawing (your local time)' }), kind: 'datetime', required: true },
      ]}
      initial={{ en: contest.name.en, es: contest.name.es ?? '', threshold: contest.thresholdPips, winners: contest.numberOfWinners, drawsAt: localInputValue(new Date(contest.drawsAt)) }}
      onCancel={onDone}
      onSave={(v) => {
        const drawing = new Date(String(v.drawsAt));
        if (Number.isNaN(drawing.getTime()) || drawing.getTime() <= Date.now()) return { drawsAt: i18n._(fieldErrors.drawDate) };
        onDone();
        send({
          kind: 'updateChanceToWin',
          input: { id: contest.id, name: bilingual(String(v.en), String(v.es)), thresholdPips: Number(v.threshold), numberOfWinners: Number(v.winners), drawsAt: drawing.toISOString() },
        });
      }}
    />
  );
}

function NewContest() {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [nameEn, setNameEn] = useState('');
  const [nameEs, setNameEs] = useState('');
  const [prizeEn, setPrizeEn] = useState('');
  const [prizeEs, setPrizeEs] = useState('');
  const [threshold, setThreshold] = useState<number | string>(100);
  const [winners, setWinners] = useState<number | string>(1);
  const [drawsAt, setDrawsAt] = useState(() => localInputValue(new Date(Date.now() + 7 * 86_400_000)));
  const { errors, clear, check } = useFieldErrors();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const drawing = new Date(drawsAt);
    const found = {
      name: nameEn.trim() ? undefined : i18n._(fieldErrors.nameRequired),
      threshold: pipsProblem(i18n, threshold, 1, 10_000_000),
      winners: wholeIn(winners, 1, 1000) ? undefined : i18n._(fieldErrors.winnersRange),
      drawsAt: !Number.isNaN(drawing.getTime()) && drawing.getTime() > Date.now() ? undefined : i18n._(fieldErrors.drawDate),
    };
    if (!check(found)) return;
    send({
      kind: 'createChanceToWin',
      input: {
        name: bilingual(nameEn, nameEs),
        ...(prizeEn.trim() ? { prize: bilingual(prizeEn, prizeEs) } : {}),
        thresholdPips: Number(threshold),
        numberOfWinners: Number(winners),
        drawsAt: drawing.toISOString(),
      },
    });
  };

  return (
    <CreateForm id="new-contest-title" title={<Trans id="admin.ctw.newTitle">New Chance to Win contest</Trans>} onSubmit={submit}
      submit={<Trans id="admin.ctw.create">Create contest</Trans>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BilingualFields of="name" en={nameEn} es={nameEs} error={errors.name} onEn={(value) => { setNameEn(value); clear('name'); }} onEs={setNameEs} />
        <TextInput label={t({ id: 'admin.field.prizeEn', message: 'Prize (English, optional)' })} value={prizeEn} onChange={(e) => setPrizeEn(e.currentTarget.value)} />
        <TextInput label={t({ id: 'admin.field.prizeEs', message: 'Prize (Spanish, optional)' })} value={prizeEs} onChange={(e) => setPrizeEs(e.currentTarget.value)} />
        <NumberInput label={t({ id: 'admin.field.threshold', message: 'Pips to earn to take part' })} required min={1} allowDecimal={false} value={threshold} error={errors.threshold}
          onChange={(value) => { setThreshold(value); clear('threshold'); }} />
        <NumberInput label={t({ id: 'admin.field.winners', message: 'Number of winners' })} required min={1} max={1000} allowDecimal={false} value={winners} error={errors.winners}
          onChange={(value) => { setWinners(value); clear('winners'); }} />
        <TextInput type="datetime-local" label={t({ id: 'admin.field.drawsAt', message: 'Drawing (your local time)' })} required value={drawsAt} error={errors.drawsAt}
          onChange={(e) => { setDrawsAt(e.currentTarget.value); clear('drawsAt'); }} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        <Trans id="admin.ctw.hint">Pips earned from now until the drawing count. The server draws the winners at the drawing from a secret seed whose fingerprint is published now, and announces them.</Trans>
      </Text>
    </CreateForm>
  );
}
