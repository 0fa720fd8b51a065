import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '../../actors/useSelector';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { selectWriting } from '../../../machines/operatorConsole.selectors';
import { fieldErrors } from './adminMessages';
import { localInputValue, useConsole } from './consoleContext';
import type { AdminCtwContest, AdminCtwContestList } from './consoleLogic';
import { localText } from './DoneNotice';
import { ArchivedBadge, ArchiveToggle, DeleteButton, EditButton, EditForm } from './EditForm';
import { say } from './say';
import { accountLabel } from './accountLabel';

/** The Chance to Win contests: a form for a new one; each with its qualification, drawing and winners; draw now. */
export function ChanceToWinView({ data, canWrite }: { data: AdminCtwContestList; canWrite: boolean }) {
  return (
    <Stack gap="lg">
      {canWrite ? <NewContest /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.ctw.listTitle">Contests</Trans>
      </Title>
      {data.contests.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
      ) : (
        data.contests.map((contest) => <ContestCard key={contest.id} contest={contest} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function ContestCard({ contest, canWrite }: { contest: AdminCtwContest; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const writing = useSelector(actor, selectWriting);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeStyle: 'short' });
  const name = localText(contest.name, i18n.locale);
  const threshold = contest.thresholdPips;
  const from = when.format(new Date(contest.startsAt));
  const drawing = when.format(new Date(contest.drawsAt));
  const entries = contest.entries ?? 0;
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-contest">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} flex="1 1 15rem">
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {contest.status === 'drawn' ? (
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
              )}
            </Group>
            {contest.prize ? <Text size="sm">{localText(contest.prize, i18n.locale)}</Text> : null}
            <Text size="sm" c="dimmed">
              <Trans id="admin.ctw.summary">
                Members who earn {threshold} pips from {from} take part; drawing {drawing}.
              </Trans>
            </Text>
          </Stack>
          {canWrite && contest.status === 'open' && !confirming ? (
            <Group gap="xs" wrap="nowrap">
            <EditButton title={name} open={editing} onToggle={() => setEditing((e) => !e)} />
            <DeleteButton title={name} onDelete={() => actor.send({ type: 'user.write', request: { kind: 'deleteChanceToWin', input: { id: contest.id } } })} />
            <Button size="xs" variant="default" onClick={() => setConfirming(true)} aria-label={t({ id: 'admin.ctw.draw.label', message: `Draw now: ${name}` })}>
              <Trans id="admin.ctw.draw">Draw now</Trans>
            </Button>
            </Group>
          ) : null}
          {canWrite && contest.status === 'drawn' ? (
            <ArchiveToggle
              title={name}
              archived={contest.archived}
              onArchive={() => actor.send({ type: 'user.write', request: { kind: 'updateChanceToWin', input: { id: contest.id, archived: true } } })}
              onRestore={() => actor.send({ type: 'user.write', request: { kind: 'updateChanceToWin', input: { id: contest.id, archived: false } } })}
            />
          ) : null}
        </Group>
        {editing && contest.status === 'open' ? (
          <EditForm
            fields={[
              { key: 'en', label: t({ id: 'admin.field.nameEn', message: 'Name (English)' }), required: true },
              { key: 'es', label: t({ id: 'admin.field.nameEs', message: 'Name (Spanish, optional)' }) },
              { key: 'threshold', label: t({ id: 'admin.field.threshold', message: 'Pips to earn to take part' }), kind: 'number', required: true, min: 1, max: 10_000_000 },
              { key: 'winners', label: t({ id: 'admin.field.winners', message: 'Number of winners' }), kind: 'number', required: true, min: 1, max: 1000 },
              { key: 'drawsAt', label: t({ id: 'admin.field.drawsAt', message: 'Drawing (your local time)' }), kind: 'datetime', required: true },
            ]}
            initial={{ en: contest.name.en, es: contest.name.es ?? '', threshold: contest.thresholdPips, winners: contest.numberOfWinners, drawsAt: localInputValue(new Date(contest.drawsAt)) }}
            onCancel={() => setEditing(false)}
            onSave={(v) => {
              const drawing = new Date(String(v.drawsAt));
              if (Number.isNaN(drawing.getTime()) || drawing.getTime() <= Date.now()) return { drawsAt: i18n._(fieldErrors.drawDate) };
              setEditing(false);
              const en = String(v.en).trim();
              const es = String(v.es).trim();
              actor.send({
                type: 'user.write',
                request: {
                  kind: 'updateChanceToWin',
                  input: { id: contest.id, name: es ? { en, es } : { en }, thresholdPips: Number(v.threshold), numberOfWinners: Number(v.winners), drawsAt: drawing.toISOString() },
                },
              });
            }}
          />
        ) : null}
        {confirming && contest.status === 'open' ? (
          <Paper p="sm" withBorder bg="var(--mantine-color-gray-0)">
            <Stack gap="xs">
              <Text size="sm">
                <Trans id="admin.ctw.confirm">Drawing now closes the contest: only pips earned until now count, and the winners are announced at once. This cannot be undone.</Trans>
              </Text>
              <Group>
                <Button size="xs" color="red" loading={writing} onClick={() => actor.send({ type: 'user.write', request: { kind: 'drawChanceToWin', input: { id: contest.id } } })}>
                  <Trans id="admin.ctw.confirmDraw">Draw the winners now</Trans>
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                  <Trans id="admin.import.cancel">Cancel</Trans>
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : null}
        {contest.status === 'drawn' ? (
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
      </Stack>
    </Paper>
  );
}

function NewContest() {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const writing = useSelector(actor, selectWriting);
  const [nameEn, setNameEn] = useState('');
  const [nameEs, setNameEs] = useState('');
  const [prizeEn, setPrizeEn] = useState('');
  const [prizeEs, setPrizeEs] = useState('');
  const [threshold, setThreshold] = useState<number | string>(100);
  const [winners, setWinners] = useState<number | string>(1);
  const [drawsAt, setDrawsAt] = useState(() => localInputValue(new Date(Date.now() + 7 * 86_400_000)));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const clear = (key: string) => setErrors((x) => ({ ...x, [key]: undefined }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const drawing = new Date(drawsAt);
    const found = {
      name: nameEn.trim() ? undefined : i18n._(fieldErrors.nameRequired),
      threshold: Number.isInteger(threshold) && Number(threshold) >= 1 && Number(threshold) <= 10_000_000 ? undefined : say(i18n, fieldErrors.pipsRange, { max: '10,000,000' }),
      winners: Number.isInteger(winners) && Number(winners) >= 1 && Number(winners) <= 1000 ? undefined : i18n._(fieldErrors.winnersRange),
      drawsAt: !Number.isNaN(drawing.getTime()) && drawing.getTime() > Date.now() ? undefined : i18n._(fieldErrors.drawDate),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const both = (en: string, es: string) => (es.trim() ? { en: en.trim(), es: es.trim() } : { en: en.trim() });
    actor.send({
      type: 'user.write',
      request: {
        kind: 'createChanceToWin',
        input: {
          name: both(nameEn, nameEs),
          ...(prizeEn.trim() ? { prize: both(prizeEn, prizeEs) } : {}),
          thresholdPips: Number(threshold),
          numberOfWinners: Number(winners),
          drawsAt: drawing.toISOString(),
        },
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-contest-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-contest-title">
          <Trans id="admin.ctw.newTitle">New Chance to Win contest</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t({ id: 'admin.field.nameEn', message: 'Name (English)' })} required value={nameEn} error={errors.name}
            onChange={(e) => { setNameEn(e.currentTarget.value); clear('name'); }} />
          <TextInput label={t({ id: 'admin.field.nameEs', message: 'Name (Spanish, optional)' })} value={nameEs} onChange={(e) => setNameEs(e.currentTarget.value)} />
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
        <Group>
          <Button type="submit" loading={writing}>
            <Trans id="admin.ctw.create">Create contest</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
