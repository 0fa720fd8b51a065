import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminTriviaQuestionStored } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { ArchivedBadge, ArchiveToggle, bilingual, DeleteButton, EditButton, EditForm } from '../../EditForm';
import { EmptyList, ItemCard } from '../../viewParts';
import { answersToLines, linesToAnswers } from './triviaAnswers';

/** The question of the day's pool: each question with its answers, edited, archived or deleted one by one. */
export function PoolQuestions({ questions, total, canWrite }: { questions: AdminTriviaQuestionStored[]; total: number; canWrite: boolean }) {
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
      {questions.length === 0 ? <EmptyList /> : questions.map((q) => <QuestionCard key={q.id} question={q} canWrite={canWrite} />)}
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
    <ItemCard
      testId="admin-trivia-question"
      title={text}
      badges={<ArchivedBadge archived={q.archived} />}
      details={
        <>
          <Text size="sm">
            {q.answers.map((a) => (a.correct ? `✓ ${localText(a.text, i18n.locale)}` : localText(a.text, i18n.locale))).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            <Trans id="admin.trivia.questionUse">
              Served {served} times · answered {answered} times
            </Trans>
          </Text>
        </>
      }
      actions={
        canWrite ? (
          <>
            <EditButton title={text} open={editing} onToggle={() => setEditing((e) => !e)} />
            <ArchiveToggle
              title={text}
              archived={q.archived}
              onArchive={() => send({ kind: 'updateTriviaQuestion', input: { id: q.id, archived: true } })}
              onRestore={() => send({ kind: 'updateTriviaQuestion', input: { id: q.id, archived: false } })}
            />
            {served === 0 ? <DeleteButton title={text} onDelete={() => send({ kind: 'deleteTriviaQuestion', input: { id: q.id } })} /> : null}
          </>
        ) : null
      }
    >
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
    </ItemCard>
  );
}
