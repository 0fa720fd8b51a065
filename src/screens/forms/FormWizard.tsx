import { useEffect, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { Link } from 'wouter';
import {
  selectRejection,
  selectShowStepErrors,
  selectSubmitFailure,
  selectWizardBusy,
  selectWizardStep,
  selectWizardValues,
} from '../../../machines/formWizard.selectors';
import type { Questionnaire } from '../../api/client';
import { commonMessages } from '../../components/errorMessages';
import { LoadFailedAlert } from '../../components/LoadNotices';
import { PipsBadge } from '../../components/PipsBadge';
import { pipsToEarnMessage } from '../earn/earnMessages';
import type { WizardDefinition } from '../../actors/formWizard';
import { useIsOffline, useMember, useResource, useSystemActor, useUnsentInput } from '../../actors/hooks';
import { readFormDraft } from '../../data/formDrafts';
import { newIdempotencyKey } from '../../data/idempotencyKeys';
import { parseQuestionnairePayload, validateStep, type FormDefinition, type FormValues } from '../../forms';
import { linkTo, paths } from '../../routing/paths';
import {
  formatIsoDate,
  formMessages,
  partErrorMessage,
  stepMessage,
  submitFailureMessages,
} from './formMessages';
import classes from './FormsScreen.module.css';
import { PartField } from './PartField';
import { usePendingFormIds } from './usePendingFormIds';

const formsList = linkTo(paths.forms);

/**
 * `/forms/{id}`: the questionnaire of the list with that id. An unknown id, or a payload that
 * cannot be read, is 'Form not found'; an answered or queued one says so instead of the wizard.
 */
export function FormWizard({ id }: { id: string }) {
  const { i18n } = useLingui();
  const forms = useResource('forms');
  const pendingIds = usePendingFormIds();
  const formId = /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
  const questionnaire = formId === null ? undefined : forms.data?.find((form) => form.id === formId);
  const payload = questionnaire?.payload;
  const parsed = useMemo(() => (payload === undefined ? null : parseQuestionnairePayload(payload)), [payload]);

  if (!questionnaire || !parsed) {
    // A form missing from the stored list may be new: the network has the last word.
    const networkPending = !forms.data || (forms.fromCache && forms.error === undefined);
    if (formId !== null && networkPending) {
      return forms.status === 'failed' ? <LoadFailedAlert title={i18n._(formMessages.loadError)} onRetry={forms.reload} /> : <WizardSkeleton />;
    }
    return <FormNotFound />;
  }
  if (!parsed.ok) return <FormNotFound />;
  if (questionnaire.answered) {
    return (
      <FormNotice title={questionnaire.title}>
        {i18n._(formMessages.alreadyAnswered)}
      </FormNotice>
    );
  }
  if (pendingIds.has(questionnaire.id)) {
    return (
      <FormNotice title={questionnaire.title}>
        <Trans id="pages.forms.pendingNotice">Your answers are waiting to be sent. They will be sent when you're back online.</Trans>
      </FormNotice>
    );
  }
  // Another payload (an edited form, another language) starts the wizard over.
  return <Wizard key={`${questionnaire.id}:${questionnaire.payload}`} questionnaire={questionnaire} form={parsed.form} />;
}

interface WizardProps {
  questionnaire: Questionnaire;
  form: FormDefinition;
}

/** The steps, one at a time, driven by the app's formWizard actor. */
function Wizard({ questionnaire, form }: WizardProps) {
  const { i18n } = useLingui();
  const offline = useIsOffline();
  const member = useMember();
  const wizard = useSystemActor('formWizard');

  // Opening the questionnaire shows it in the wizard: the same version goes on where the member
  // left it (after a reload, from the draft saved on this device), another one starts over.
  // Sent, queued or refused, the wizard's binding says so.
  useEffect(() => {
    const definition: WizardDefinition = { title: questionnaire.title, pips: questionnaire.pipsToEarn, form };
    const draft = member === null ? null : readFormDraft(member, questionnaire.id, questionnaire.payload);
    wizard.send({
      type: 'wizard.open',
      form: { id: questionnaire.id, version: questionnaire.payload, stepCount: form.steps.length, definition },
      ...(draft ? { values: draft.values, step: draft.step } : {}),
    });
  }, [wizard, questionnaire, form, member]);

  const shown = useSelector(wizard, (s) => s.context.form?.id === questionnaire.id && s.context.form.version === questionnaire.payload);
  const step = useSelector(wizard, selectWizardStep);
  const values = useSelector(wizard, selectWizardValues) as FormValues;
  const showErrors = useSelector(wizard, selectShowStepErrors);
  const busy = useSelector(wizard, selectWizardBusy);
  const failure = useSelector(wizard, selectSubmitFailure);
  const rejection = useSelector(wizard, selectRejection);
  const editing = useSelector(wizard, (s) => s.matches('editing'));
  useUnsentInput('formWizard', shown && editing && Object.keys(values).length > 0);

  // Focus follows the member: the step heading after next/previous (the first wrong part after
  // a refusal is focused by the wizard's binding).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  if (!shown) return <WizardSkeleton />;
  if (rejection === 'NOT_FOUND') return <FormNotFound />;
  if (rejection) {
    return (
      <FormNotice title={questionnaire.title}>
        {i18n._(formMessages.alreadyAnswered)}
      </FormNotice>
    );
  }

  const stepCount = form.steps.length;
  const current = form.steps[step];
  const last = step === stepCount - 1;
  const errors = showErrors ? validateStep(current, values) : {};
  const formatDate = (isoDate: string) => formatIsoDate(isoDate, i18n.locale);
  const failureMessages = failure ? submitFailureMessages(failure) : null;
  const headingId = 'form-step-heading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (last) wizard.send({ type: 'user.submit', idempotencyKey: newIdempotencyKey(), online: !offline });
    else wizard.send({ type: 'user.next' });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1} size="h2">
          {form.title}
        </Title>
        <Group gap="xs">
          <PipsBadge>{i18n._(pipsToEarnMessage(questionnaire.pipsToEarn))}</PipsBadge>
        </Group>
        {form.description && <Text c="dimmed">{form.description}</Text>}
      </Stack>

      {offline && (
        <Alert color="yellow" variant="light">
          <Trans id="pages.forms.offlineNotice">
            You're offline. You can still answer: your answers will be sent when you're back online.
          </Trans>
        </Alert>
      )}

      <Paper withBorder p="lg" radius="lg">
        <form onSubmit={submit} noValidate aria-labelledby={stepCount > 1 || current.title ? headingId : undefined}>
          <Stack gap="lg">
            {(stepCount > 1 || current.title) && (
              <Stack gap={6}>
                <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1} className={classes.stepHeading}>
                  {stepCount > 1 && (
                    <Text span display="block" size="sm" c="dimmed" fw={500}>
                      {i18n._(stepMessage(step + 1, stepCount))}
                    </Text>
                  )}
                  {current.title}
                </Title>
                {stepCount > 1 && (
                  <div aria-hidden="true">
                    <Progress value={((step + 1) / stepCount) * 100} size="sm" />
                  </div>
                )}
              </Stack>
            )}
            {current.parts.some((part) => part.required) && (
              <Text size="sm" c="dimmed">
                <Trans id="pages.forms.requiredNote">Questions marked with * are required.</Trans>
              </Text>
            )}

            {current.parts.map((part) => {
              const error = errors[part.id];
              return (
                <PartField
                  key={part.id}
                  part={part}
                  value={values[part.id]}
                  error={error ? i18n._(partErrorMessage(error, formatDate)) : undefined}
                  disabled={busy}
                  onChange={(value) => wizard.send({ type: 'user.answer', partId: part.id, value })}
                />
              );
            })}

            {failureMessages && (
              <Alert color="red" variant="light" role="alert" title={i18n._(failureMessages.title)}>
                {i18n._(failureMessages.text)}
              </Alert>
            )}

            <Group justify="space-between">
              {step > 0 ? (
                <Button variant="default" disabled={busy} onClick={() => wizard.send({ type: 'user.previous' })}>
                  <Trans id="pages.forms.previous">Previous</Trans>
                </Button>
              ) : (
                <span />
              )}
              <Button type="submit" loading={busy}>
                {last ? <Trans id="pages.forms.submit">Submit</Trans> : <Trans id="pages.forms.next">Next</Trans>}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/** A questionnaire that cannot be answered here any more, and why. */
function FormNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="md" align="flex-start">
          <Text>{children}</Text>
          <Button component={Link} href={formsList} variant="light">
            <Trans id="pages.forms.backToList">Back to forms</Trans>
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** 'Form not found': an unknown id, or a payload that cannot be read. */
function FormNotFound() {
  const { i18n } = useLingui();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {i18n._(formMessages.notFound)}
      </Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="md" align="flex-start">
          <Text>
            <Trans id="pages.forms.notFoundHint">This form does not exist or is no longer available.</Trans>
          </Text>
          <Button component={Link} href={formsList} variant="light">
            <Trans id="pages.forms.backToList">Back to forms</Trans>
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

function WizardSkeleton() {
  const { i18n } = useLingui();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
      <Skeleton h={32} w="60%" />
      <Skeleton h={180} radius="lg" />
    </Stack>
  );
}
