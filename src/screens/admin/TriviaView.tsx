import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { FileField } from './formParts';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from './adminMessages';
import { localInputValue, useWrite } from './consoleContext';
import type { AdminTrivia, AdminTriviaQuestionStored, TriviaData } from './consoleLogic';
import { localText } from './DoneNotice';
import { ArchivedBadge, ArchiveToggle, bilingual, DeleteButton, EditButton, EditForm } from './EditForm';
import { readJson } from './jsonFile';


/** Trivia: the question of the day's settings and pool, questions from a JSON file, team contests. */
export function TriviaView({ data: { trivia: data, questions, total }, canWrite }: { data: TriviaData; canWrite: boolean }) {
  const pool = data.questions;
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            <Trans id="admin.trivia.daily">Question of the day</Trans>
          </Title>
          <Text size="sm">
            <Trans id="admin.trivia.pool">
              {pool} questions in the pool · {data.dailyAllowance} a day per member · the day in {data.timeZone}
            </Trans>
          </Text>
          {canWrite ? <TriviaSettings data={data} /> : null}
        </Stack>
      </Paper>
      {canWrite ? <ImportQuestions data={data} /> : null}
      {canWrite ? <NewTriviaContest /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.trivia.contests">Team contests</Trans>
      </Title>
      {data.contests.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
      ) : (
        data.contests.map((c) => <TriviaContestCard key={c.id} contest={c} canWrite={canWrite} />)
      )}
      <PoolQuestions questions={questions} total={total} canWrite={canWrite} />
    </Stack>
  );
}

function TriviaSettings({ data }: { data: AdminTrivia }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [daily, setDaily] = useState<number | string>(data.dailyAllowance);
  const [zone, setZone] = useState(data.timeZone);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      daily: Number.isInteger(daily) && Number(daily) >= 0 && Number(daily) <= 1000 ? undefined : i18n._(fieldErrors.allowance),
      zone: /^[A-Za-z0-9_+/-]{1,64}$/.test(zone.trim()) ? undefined : i18n._(fieldErrors.timeZone),
    };
    setErrors(found);
    if (found.daily || found.zone) return;
    send({ kind: 'setTriviaSettings', input: { dailyAllowance: Number(daily), timeZone: zone.trim() } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <NumberInput label={t({ id: 'admin.field.dailyAllowance', message: 'Questions a day per member' })} min={0} max={1000} allowDecimal={false} value={daily} error={errors.daily}
          onChange={(value) => { setDaily(value); setErrors((x) => ({ ...x, daily: undefined })); }} w={220} />
        <TextInput label={t({ id: 'admin.field.timeZoneLabel', message: 'Time zone of the day' })} value={zone} error={errors.zone}
          onChange={(e) => { setZone(e.currentTarget.value); setErrors((x) => ({ ...x, zone: undefined })); }} w={220} />
        <Button type="submit" variant="light" mt={25} loading={writing}>
          <Trans id="admin.trivia.save">Save</Trans>
        </Button>
      </Group>
    </form>
  );
}

function ImportQuestions({ data }: { data: AdminTrivia }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState('pool');
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(i18n._(fieldErrors.noFile));
    const json = await readJson(file);
    if (!json.ok) return setError(i18n._(fieldErrors.notJson));
    const value = json.value as { questions?: unknown } | unknown[];
    const questions = Array.isArray(value) ? value : (value as { questions?: unknown })?.questions;
    setError(undefined);
    send({ kind: 'importTriviaQuestions', input: { questions, ...(target === 'pool' ? {} : { contestId: Number(target) }) } });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="trivia-import-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="trivia-import-title">
          <Trans id="admin.trivia.importTitle">Add questions</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans id="admin.trivia.importHint">A JSON file like examples/trivia-questions.json: each question with 2 to 6 answers, exactly one right; texts in English, Spanish or both.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileField label={t({ id: 'admin.trivia.file', message: 'Questions file (JSON)' })} accept=".json,application/json" value={file} clearable error={error}
            onChange={(f) => { setFile(f); setError(undefined); }} />
          <Select label={t({ id: 'admin.trivia.target', message: 'Add them to' })} allowDeselect={false} value={target} onChange={(v) => v && setTarget(v)}
            data={[
              { value: 'pool', label: t({ id: 'admin.trivia.pool.option', message: 'The question of the day' }) },
              ...data.contests.map((c) => ({ value: String(c.id), label: localText(c.name, i18n.locale) })),
            ]} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={writing}>
            <Trans id="admin.trivia.import">Add the questions</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NewTriviaContest() {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [nameEn, setNameEn] = useState('');
  const [nameEs, setNameEs] = useState('');
  const [starts, setStarts] = useState(() => localInputValue(new Date(Date.now() + 86_400_000)));
  const [ends, setEnds] = useState(() => localInputValue(new Date(Date.now() + 8 * 86_400_000)));
  const [pips, setPips] = useState<number | string>(5);
  const [teamsEn, setTeamsEn] = useState('');
  const [teamsEs, setTeamsEs] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const clear = (key: string) => setErrors((x) => ({ ...x, [key]: undefined }));
  const split = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const [from, to] = [new Date(starts), new Date(ends)];
    const en = split(teamsEn);
    const es = split(teamsEs);
    const found = {
      name: nameEn.trim() ? undefined : i18n._(fieldErrors.nameRequired),
      dates: !Number.isNaN(from.getTime()) && !Number.isNaN(to.getTime()) && to > from ? undefined : i18n._(fieldErrors.dates),
      pips: Number.isInteger(pips) && Number(pips) >= 0 && Number(pips) <= 1_000_000 ? undefined : i18n._(fieldErrors.allowance),
      teams: en.length >= 2 && en.length <= 20 ? undefined : i18n._(fieldErrors.teams),
      teamsEs: es.length === 0 || es.length === en.length ? undefined : i18n._(fieldErrors.teamsEs),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    send({
      kind: 'createTriviaContest',
      input: {
        name: nameEs.trim() ? { en: nameEn.trim(), es: nameEs.trim() } : { en: nameEn.trim() },
        startsAt: from.toISOString(),
        endsAt: to.toISOString(),
        pipsPerAnswer: Number(pips),
        teams: en.map((name, i) => (es[i] ? { en: name, es: es[i] } : { en: name })),
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-trivia-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-trivia-title">
          <Trans id="admin.trivia.newTitle">New team contest</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t({ id: 'admin.field.nameEn', message: 'Name (English)' })} required value={nameEn} error={errors.name}
            onChange={(e) => { setNameEn(e.currentTarget.value); clear('name'); }} />
          <TextInput label={t({ id: 'admin.field.nameEs', message: 'Name (Spanish, optional)' })} value={nameEs} onChange={(e) => setNameEs(e.currentTarget.value)} />
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
        <Group>
          <Button type="submit" loading={writing}>
            <Trans id="admin.trivia.create">Create contest</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TriviaContestCard({ contest: c, canWrite }: { contest: AdminTrivia['contests'][number]; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [editing, setEditing] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  const from = when.format(new Date(c.startsAt));
  const to = when.format(new Date(c.endsAt));
  const { pipsPerAnswer, members, questions } = c;
  const name = localText(c.name, i18n.locale);
  const teams = c.teams.map((team) => localText(team, i18n.locale)).join(', ');
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-trivia-contest">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} flex="1 1 15rem">
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            <ArchivedBadge archived={c.archived} />
          </Group>
          <Text size="sm" c="dimmed">
            <Trans id="admin.trivia.contestSummary">
              {from} to {to} · {pipsPerAnswer} pips per right answer · teams: {teams} · {members} members · {questions} questions
            </Trans>
          </Text>
        </Stack>
        {canWrite ? (
          <Group gap="xs" wrap="nowrap">
            <EditButton title={name} open={editing} onToggle={() => setEditing((e) => !e)} />
            <ArchiveToggle
              title={name}
              archived={c.archived}
              onArchive={() => send({ kind: 'updateTriviaContest', input: { id: c.id, archived: true } })}
              onRestore={() => send({ kind: 'updateTriviaContest', input: { id: c.id, archived: false } })}
            />
            <DeleteButton title={name} onDelete={() => send({ kind: 'deleteTriviaContest', input: { id: c.id } })} />
          </Group>
        ) : null}
      </Group>
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
            const en = String(v.en).trim();
            const es = String(v.es).trim();
            send({
              kind: 'updateTriviaContest',
              input: { id: c.id, name: es ? { en, es } : { en }, startsAt: from.toISOString(), endsAt: to.toISOString(), pipsPerAnswer: Number(v.pips) },
            });
          }}
        />
      ) : null}
    </Paper>
  );
}

/** The answers of a question as the edit form writes them: one a line, "English | Español", the right one starting with "*". */
export const answersToLines = (answers: AdminTriviaQuestionStored['answers']): string =>
  answers.map((a) => `${a.correct ? '* ' : ''}${a.text.en}${a.text.es ? ` | ${a.text.es}` : ''}`).join('\n');

/** The lines back to answers; null when they are not 2 to 6 answers with exactly one right. */
export function linesToAnswers(text: string): { text: { en: string; es?: string }; correct: boolean }[] | null {
  const answers = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const correct = line.startsWith('*');
      const [en, es = ''] = line.replace(/^\*\s*/, '').split('|');
      return { text: bilingual(en, es), correct };
    });
  const right = answers.filter((a) => a.correct).length;
  return answers.length >= 2 && answers.length <= 6 && right === 1 && answers.every((a) => a.text.en !== '') ? answers : null;
}

/** The question of the day's pool: each question with its answers, edited, archived or deleted one by one. */
function PoolQuestions({ questions, total, canWrite }: { questions: AdminTriviaQuestionStored[]; total: number; canWrite: boolean }) {
  const shown = questions.length;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        <Trans id="admin.trivia.poolTitle">Questions of the day</Trans>
      </Title>
      {shown < total ? (
        <Text size="sm" c="dimmed">
          <Trans id="admin.trivia.poolShown">The {shown} newest of {total} questions.</Trans>
        </Text>
      ) : null}
      {questions.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
      ) : (
        questions.map((q) => <QuestionCard key={q.id} question={q} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function QuestionCard({ question: q, canWrite }: { question: AdminTriviaQuestionStored; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [editing, setEditing] = useState(false);
  const text = localText(q.text, i18n.locale);
  const { served, answered } = q;
  const fixedAnswers = served > 0;
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-trivia-question">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} flex="1 1 15rem">
          <Group gap="xs">
            <Text fw={600}>{text}</Text>
            <ArchivedBadge archived={q.archived} />
          </Group>
          <Text size="sm">
            {q.answers.map((a) => (a.correct ? `✓ ${localText(a.text, i18n.locale)}` : localText(a.text, i18n.locale))).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans id="admin.trivia.questionUse">
              Served {served} times · answered {answered} times
            </Trans>
          </Text>
        </Stack>
        {canWrite ? (
          <Group gap="xs" wrap="nowrap">
            <EditButton title={text} open={editing} onToggle={() => setEditing((e) => !e)} />
            <ArchiveToggle
              title={text}
              archived={q.archived}
              onArchive={() => send({ kind: 'updateTriviaQuestion', input: { id: q.id, archived: true } })}
              onRestore={() => send({ kind: 'updateTriviaQuestion', input: { id: q.id, archived: false } })}
            />
            {served === 0 ? <DeleteButton title={text} onDelete={() => send({ kind: 'deleteTriviaQuestion', input: { id: q.id } })} /> : null}
          </Group>
        ) : null}
      </Group>
      {editing ? (
        <>
          {fixedAnswers ? (
            <Text size="sm" c="dimmed" mt="xs">
              <Trans id="admin.trivia.answersStay">Members were served it, so its answers stay; its text can still be mended.</Trans>
            </Text>
          ) : null}
          <EditForm
            fields={[
              { key: 'en', label: t({ id: 'admin.field.questionEn', message: 'Question (English)' }), required: true },
              { key: 'es', label: t({ id: 'admin.field.questionEs', message: 'Question (Spanish, optional)' }) },
              ...(fixedAnswers
                ? []
                : [{ key: 'answers', label: t({ id: 'admin.field.answersLabel', message: 'Answers, one a line: English | Español, the right one starting with *' }), kind: 'textarea' as const, required: true }]),
            ]}
            initial={{ en: q.text.en, es: q.text.es ?? '', answers: answersToLines(q.answers) }}
            onCancel={() => setEditing(false)}
            onSave={(v) => {
              const answers = fixedAnswers ? null : linesToAnswers(String(v.answers));
              if (!fixedAnswers && !answers) return { answers: i18n._(fieldErrors.answers) };
              setEditing(false);
              send({ kind: 'updateTriviaQuestion', input: { id: q.id, text: bilingual(String(v.en), String(v.es)), ...(answers ? { answers } : {}) } });
            }}
          />
        </>
      ) : null}
    </Paper>
  );
}
