import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminTrivia, TriviaData } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { readJson } from '../../jsonFile';
import { CreateForm, FileField, useFieldErrors, wholeIn } from '../../formParts';
import { EmptyList } from '../../viewParts';
import { PoolQuestions } from './PoolQuestions';
import { NewTriviaContest, TriviaContestCard } from './TriviaContests';

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
      {data.contests.length === 0 ? <EmptyList /> : data.contests.map((c) => <TriviaContestCard key={c.id} contest={c} canWrite={canWrite} />)}
      <PoolQuestions questions={questions} total={total} canWrite={canWrite} />
    </Stack>
  );
}

function TriviaSettings({ data }: { data: AdminTrivia }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [daily, setDaily] = useState<number | string>(data.dailyAllowance);
  const [zone, setZone] = useState(data.timeZone);
  const { errors, clear, check } = useFieldErrors();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      daily: wholeIn(daily, 0, 1000) ? undefined : i18n._(fieldErrors.allowance),
      zone: /^[A-Za-z0-9_+/-]{1,64}$/.test(zone.trim()) ? undefined : i18n._(fieldErrors.timeZone),
    };
    if (!check(found)) return;
    send({ kind: 'setTriviaSettings', input: { dailyAllowance: Number(daily), timeZone: zone.trim() } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <NumberInput label={t({ id: 'admin.field.dailyAllowance', message: 'Questions a day per member' })} min={0} max={1000} allowDecimal={false} value={daily} error={errors.daily}
          onChange={(value) => { setDaily(value); clear('daily'); }} w={220} />
        <TextInput label={t({ id: 'admin.field.timeZoneLabel', message: 'Time zone of the day' })} value={zone} error={errors.zone}
          onChange={(e) => { setZone(e.currentTarget.value); clear('zone'); }} w={220} />
        <Button type="submit" variant="light" mt={25} loading={writing}>
          <Trans id="admin.trivia.save">Save</Trans>
        </Button>
      </Group>
    </form>
  );
}

function ImportQuestions({ data }: { data: AdminTrivia }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
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
    <CreateForm id="trivia-import-title" title={<Trans id="admin.trivia.importTitle">Add questions</Trans>} onSubmit={submit}
      submit={<Trans id="admin.trivia.import">Add the questions</Trans>}>
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
    </CreateForm>
  );
}
