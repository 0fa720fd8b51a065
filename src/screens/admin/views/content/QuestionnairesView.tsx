import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminQuestionnaireList } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { ArchivedBadge, ArchiveToggle, DeleteButton, EditButton, EditForm } from '../../EditForm';
import { CreateForm, FileField, pipsProblem, useFieldErrors } from '../../formParts';
import { readJson } from '../../jsonFile';
import { EmptyList, ItemCard } from '../../viewParts';

type Questionnaire = AdminQuestionnaireList['questionnaires'][number];

/** The questionnaires with their answers: create from a JSON file, edit the pips, archive, restore, delete. */
export function QuestionnairesView({ data, canWrite }: { data: AdminQuestionnaireList; canWrite: boolean }) {
  return (
    <Stack gap="md">
      {canWrite ? <NewQuestionnaire /> : null}
      {data.questionnaires.length === 0 ? (
        <EmptyList />
      ) : (
        data.questionnaires.map((q) => <QuestionnaireCard key={q.id} questionnaire={q} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function NewQuestionnaire() {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [file, setFile] = useState<File | null>(null);
  const [pips, setPips] = useState<number | string>(10);
  const { errors, clear, check } = useFieldErrors();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const json = file ? await readJson(file) : null;
    const found = {
      file: !file ? i18n._(fieldErrors.noFile) : json && !json.ok ? i18n._(fieldErrors.notJson) : undefined,
      pips: pipsProblem(i18n, pips, 0, 1_000_000),
    };
    if (!check(found) || !json?.ok) return;
    send({ kind: 'createQuestionnaire', input: { payload: json.value, pips: Number(pips) } });
  };
  return (
    <CreateForm id="new-questionnaire-title" title={<Trans id="admin.questionnaires.newTitle">New questionnaire</Trans>} onSubmit={submit}
      submit={<Trans id="admin.questionnaires.create">Create questionnaire</Trans>}>
      <Text size="sm" c="dimmed">
        <Trans id="admin.questionnaires.fileHint">A JSON file like examples/questionnaire.json: steps of questions (single or multiple choice, text, number, rating, date), texts in English, Spanish or both.</Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FileField label={t({ id: 'admin.questionnaires.file', message: 'Questionnaire file (JSON)' })} accept=".json,application/json" value={file} clearable error={errors.file}
          onChange={(f) => { setFile(f); clear('file'); }} />
        <NumberInput label={t({ id: 'admin.questionnaires.pips', message: 'Pips for answering' })} min={0} allowDecimal={false} value={pips} error={errors.pips}
          onChange={(value) => { setPips(value); clear('pips'); }} />
      </SimpleGrid>
    </CreateForm>
  );
}

/**
 * New questions for a questionnaire nobody answered yet, from a JSON file (the server names every
 * problem of a bad one); once members answered, its questions stay and the form says so.
 */
function ReplaceQuestions({ questionnaire: q }: { questionnaire: Questionnaire }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (q.answers > 0) {
    return (
      <Text size="sm" c="dimmed" mt="xs">
        <Trans id="admin.questionnaires.questionsStay">Members answered it, so its questions stay. Create a new questionnaire to ask other ones.</Trans>
      </Text>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError(i18n._(fieldErrors.noFile));
    const json = await readJson(file);
    if (!json.ok) return setError(i18n._(fieldErrors.notJson));
    setError(undefined);
    send({ kind: 'updateQuestionnaire', input: { id: q.id, payload: json.value } });
  };
  return (
    <Paper withBorder p="sm" mt="sm" radius="sm" component="form" onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <FileField label={t({ id: 'admin.questionnaires.replaceFile', message: 'New questions (JSON file, as for a new questionnaire)' })} accept=".json,application/json"
          value={file} clearable error={error} onChange={(f) => { setFile(f); setError(undefined); }} w={360} />
        <Button type="submit" size="sm" variant="light" loading={writing}>
          <Trans id="admin.questionnaires.replace">Replace the questions</Trans>
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Offers the questionnaire on the members' Earn screen: an earn action with its title and pips
 * that leads to it (earned once, by answering it).
 */
function OfferOnEarn({ questionnaire: q, title }: { questionnaire: Questionnaire; title: string }) {
  const { t } = useLingui();
  const { writing, send } = useWrite();
  return (
    <Button size="xs" variant="light" loading={writing} aria-label={t({ id: 'admin.questionnaires.offerOn', message: `Offer on Earn: ${title}` })}
      onClick={() => send({ kind: 'createPromo', input: { type: 'EARN', title: q.title, pips: q.pips, earnLimit: 'once', questionnaireId: q.id } })}>
      <Trans id="admin.questionnaires.offer">Offer on Earn</Trans>
    </Button>
  );
}

function QuestionnaireCard({ questionnaire: q, canWrite }: { questionnaire: Questionnaire; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [editing, setEditing] = useState(false);
  const title = localText(q.title, i18n.locale);
  const { pips, steps, answers } = q;
  // An earn action needs at least 1 pip; one that leads here already is enough.
  const offerable = !q.archived && q.earnActionIds.length === 0 && q.pips >= 1;
  return (
    <ItemCard
      testId="admin-questionnaire"
      title={title}
      badges={
        <>
          <ArchivedBadge archived={q.archived} />
          {q.earnActionIds.length > 0 ? (
            <Badge color="blue.9" variant="outline">
              <Trans id="admin.questionnaires.onEarn">On Earn</Trans>
            </Badge>
          ) : null}
        </>
      }
      details={
        <Text size="sm" c="dimmed">
          <Trans id="admin.questionnaires.summary">
            {pips} pips · {steps} steps · {answers} answers
          </Trans>
        </Text>
      }
      actions={
        canWrite ? (
          <>
            {offerable ? <OfferOnEarn questionnaire={q} title={title} /> : null}
            <EditButton title={title} open={editing} onToggle={() => setEditing((e) => !e)} />
            <DeleteButton title={title} onDelete={() => send({ kind: 'deleteQuestionnaire', input: { id: q.id } })} />
            <ArchiveToggle
              title={title}
              archived={q.archived}
              onArchive={() => send({ kind: 'archiveQuestionnaire', input: { id: q.id } })}
              onRestore={() => send({ kind: 'restoreQuestionnaire', input: { id: q.id } })}
            />
          </>
        ) : null
      }
    >
      {editing ? (
        <EditForm
          fields={[{ key: 'pips', label: t({ id: 'admin.questionnaires.pips', message: 'Pips for answering' }), kind: 'number', required: true, min: 0, max: 1_000_000 }]}
          initial={{ pips: q.pips }}
          onCancel={() => setEditing(false)}
          onSave={(v) => {
            setEditing(false);
            send({ kind: 'updateQuestionnaire', input: { id: q.id, pips: Number(v.pips) } });
          }}
        />
      ) : null}
      {editing ? <ReplaceQuestions questionnaire={q} /> : null}
    </ItemCard>
  );
}
