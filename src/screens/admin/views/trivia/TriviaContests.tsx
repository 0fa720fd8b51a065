import { useState, type FormEvent } from 'react';
import { NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { localInputValue, useWrite } from '../../consoleContext';
import type { AdminTrivia } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { ArchivedBadge, ArchiveToggle, bilingual, DeleteButton, EditButton, EditForm } from '../../EditForm';
import { BilingualFields, CreateForm, useFieldErrors, wholeIn } from '../../formParts';
import { ItemCard, useDateFormat } from '../../viewParts';

/** A new team contest: its name, when it runs, the pips per right answer and its teams (in English and, optionally, Spanish). */
export function NewTriviaContest() {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [nameEn, setNameEn] = useState('');
  const [nameEs, setNameEs] = useState('');
  const [starts, setStarts] = useState(() => localInputValue(new Date(Date.now() + 86_400_000)));
  const [ends, setEnds] = useState(() => localInputValue(new Date(Date.now() + 8 * 86_400_000)));
  const [pips, setPips] = useState<number | string>(5);
  const [teamsEn, setTeamsEn] = useState('');
  const [teamsEs, setTeamsEs] = useState('');
  const { errors, clear, check } = useFieldErrors();
  const split = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [from, to] = [new Date(starts), new Date(ends)];
    const en = split(teamsEn);
    const es = split(teamsEs);
    const found = {
      name: nameEn.trim() ? undefined : i18n._(fieldErrors.nameRequired),
      dates: !Number.isNaN(from.getTime()) && !Number.isNaN(to.getTime()) && to > from ? undefined : i18n._(fieldErrors.dates),
      pips: wholeIn(pips, 0, 1_000_000) ? undefined : i18n._(fieldErrors.allowance),
      teams: en.length >= 2 && en.length <= 20 ? undefined : i18n._(fieldErrors.teams),
      teamsEs: es.length === 0 || es.length === en.length ? undefined : i18n._(fieldErrors.teamsEs),
    };
    if (!check(found)) return;
    send({
      kind: 'createTriviaContest',
      input: {
        name: bilingual(nameEn, nameEs),
        startsAt: from.toISOString(),
        endsAt: to.toISOString(),
        pipsPerAnswer: Number(pips),
        teams: en.map((name, i) => (es[i] ? { en: name, es: es[i] } : { en: name })),
      },
    });
  };

  return (
    <CreateForm id="new-trivia-title" title={<Trans id="admin.trivia.newTitle">New team contest</Trans>} onSubmit={submit}
      submit={<Trans id="admin.trivia.create">Create contest</Trans>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BilingualFields of="name" en={nameEn} es={nameEs} error={errors.name} onEn={(value) => { setNameEn(value); clear('name'); }} onEs={setNameEs} />
        <TextInput type="datetime-local" label={t({ id: 'admin.field.starts', message: 'Starts (your local time)' })} required value={starts} error={errors.dates}
          onChange={(e) => { setStarts(e.currentTarget.value); clear('dates'); }} />
        <TextInput type="datetime-local" label={t({ id: 'admin.field.ends', message: 'Ends (your local time)' })} required value={ends}
          onChange={(e) => { setEnds(e.currentTarget.value); clear('dates'); }} />
        <NumberInput label={t({ id: 'admin.field.pipsPerAnswer', message: 'Pips per right answer' })} required min={0} allowDecimal={false} value={pips} error={errors.pips}
          onChange={(value) => { setPips(value); clear('pips'); }} />
        <TextInput label={t({ id: 'admin.field.teamsEn', message: 'Teams (English, separated by commas)' })} required value={teamsEn} error={errors.teams} placeholder="Red, Blue"
          onChange={(e) => { setTeamsEn(e.currentTarget.value); clear('teams'); }} />
        <TextInput label={t({ id: 'admin.field.teamsEs', message: 'Teams (Spanish, optional)' })} value={teamsEs} error={errors.teamsEs} placeholder="Rojos, Azules"
          onChange={(e) => { setTeamsEs(e.currentTarget.value); clear('teamsEs'); }} />
      </SimpleGrid>
    </CreateForm>
  );
}

/** One team contest: when it runs, its pips, teams, members and questions; edit, archive, delete. */
export function TriviaContestCard({ contest: c, canWrite }: { contest: AdminTrivia['contests'][number]; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [editing, setEditing] = useState(false);
  const when = useDateFormat();
  const from = when(c.startsAt);
  const to = when(c.endsAt);
  const { pipsPerAnswer, members, questions } = c;
  const name = localText(c.name, i18n.locale);
  const teams = c.teams.map((team) => localText(team, i18n.locale)).join(', ');
  return (
    <ItemCard
      testId="admin-trivia-contest"
      title={name}
      badges={<ArchivedBadge archived={c.archived} />}
      details={
        <Text size="sm" c="dimmed">
          <Trans id="admin.trivia.contestSummary">
            {from} to {to} · {pipsPerAnswer} pips per right answer · teams: {teams} · {members} members · {questions} questions
          </Trans>
        </Text>
      }
      actions={
        canWrite ? (
          <>
            <EditButton title={name} open={editing} onToggle={() => setEditing((e) => !e)} />
            <ArchiveToggle
              title={name}
              archived={c.archived}
              onArchive={() => send({ kind: 'updateTriviaContest', input: { id: c.id, archived: true } })}
              onRestore={() => send({ kind: 'updateTriviaContest', input: { id: c.id, archived: false } })}
            />
            <DeleteButton title={name} onDelete={() => send({ kind: 'deleteTriviaContest', input: { id: c.id } })} />
          </>
        ) : null
      }
    >
      {editing ? (
        <EditForm
          fields={[
            { key: 'en', label: t({ id: 'admin.field.nameEn', message: 'Name (English)' }), required: true },
            { key: 'es', label: t({ id: 'admin.field.nameEs', message: 'Name (Spanish, optional)' }) },
            { key: 'starts', label: t({ id: 'admin.field.starts', message: 'Starts (your local time)' }), kind: 'datetime', required: true },
            { key: 'ends', label: t({ id: 'admin.field.ends', message: 'Ends (your local time)' }), kind: 'datetime', required: true },
            { key: 'pips', label: t({ id: 'admin.field.pipsPerAnswer', message: 'Pips per right answer' }), kind: 'number', required: true, min: 0, max: 1_000_000 },
          ]}
          initial={{ en: c.name.en, es: c.name.es ?? '', starts: localInputValue(new Date(c.startsAt)), ends: localInputValue(new Date(c.endsAt)), pips: c.pipsPerAnswer }}
          onCancel={() => setEditing(false)}
          onSave={(v) => {
            const [from, to] = [new Date(String(v.starts)), new Date(String(v.ends))];
            if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) return { starts: i18n._(fieldErrors.dates) };
            setEditing(false);
            send({
              kind: 'updateTriviaContest',
              input: { id: c.id, name: bilingual(String(v.en), String(v.es)), startsAt: from.toISOString(), endsAt: to.toISOString(), pipsPerAnswer: Number(v.pips) },
            });
          }}
        />
      ) : null}
    </ItemCard>
  );
}
