import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, FileInput, Group, Paper, Stack, TextInput, Title, type FileInputProps } from '@mantine/core';
import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from './adminMessages';
import { useWrite } from './consoleContext';
import { say } from './say';

/*
 * The pieces the console's forms share: a field's messages, the checks of a number field, the
 * English and Spanish fields of an item's title or name, a new item's form, the save and cancel
 * buttons of an edit, and the confirmation of a write that cannot be undone.
 */

/**
 * The console's file field: Mantine's FileInput saying "Choose a file…" until one is chosen (its
 * empty box read as a text field), in the dimmed colour of `.mantine-FileInput-placeholder`.
 */
export function FileField(props: FileInputProps) {
  const { t } = useLingui();
  return <FileInput placeholder={t({ id: 'admin.file.choose', message: 'Choose a file…' })} {...props} />;
}

/** Whether a number field holds a whole number from `min` to `max`. */
export const wholeIn = (value: number | string, min: number, max: number): boolean =>
  Number.isInteger(value) && Number(value) >= min && Number(value) <= max;

/** What is wrong with a number of pips (nothing when it is a whole number from `min` to `max`). */
export const pipsProblem = (i18n: I18n, value: number | string, min: number, max: number): string | undefined =>
  wholeIn(value, min, max) ? undefined : say(i18n, fieldErrors.pipsRange, { max: max.toLocaleString('en-US') });

/** What is wrong with an optional link (nothing when it is empty or an https address). */
export const httpsUrlProblem = (i18n: I18n, value: string): string | undefined =>
  !value.trim() || /^https:\/\/\S+$/.test(value.trim()) ? undefined : i18n._(fieldErrors.httpsUrl);

/**
 * A form's messages by field: `clear` when the field changes, `check` with what a submit found
 * (shown at once; true when nothing is wrong).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const clear = (key: string) => setErrors((x) => ({ ...x, [key]: undefined }));
  const check = (found: Record<string, string | undefined>): boolean => {
    setErrors(found);
    return !Object.values(found).some(Boolean);
  };
  return { errors, clear, check };
}

/**
 * An item's title or name: English required, Spanish optional (`error` on the English field; each
 * change reported to the caller, which clears the field's message).
 */
export function BilingualFields({
  of,
  en,
  es,
  onEn,
  onEs,
  error,
}: {
  of: 'title' | 'name';
  en: string;
  es: string;
  onEn: (value: string) => void;
  onEs: (value: string) => void;
  error?: string;
}) {
  const { t } = useLingui();
  const [enLabel, esLabel] =
    of === 'title'
      ? [t({ id: 'admin.field.titleEn', message: 'Title (English)' }), t({ id: 'admin.field.titleEs', message: 'Title (Spanish, optional)' })]
      : [t({ id: 'admin.field.nameEn', message: 'Name (English)' }), t({ id: 'admin.field.nameEs', message: 'Name (Spanish, optional)' })];
  return (
    <>
      <TextInput label={enLabel} required value={en} error={error} onChange={(e) => onEn(e.currentTarget.value)} />
      <TextInput label={esLabel} value={es} onChange={(e) => onEs(e.currentTarget.value)} />
    </>
  );
}

/**
 * A new item's form above a view's list: its heading (naming the form), the fields, then the
 * buttons (`actions` before the submit button) and an optional `footer` under them.
 */
export function CreateForm({
  id,
  title,
  onSubmit,
  submit,
  actions,
  footer,
  children,
}: {
  /** The heading's id, which names the form. */
  id: string;
  title: ReactNode;
  onSubmit: (e: FormEvent) => void;
  /** What the submit button says. */
  submit: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { writing } = useWrite();
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
        <Group>
          {actions}
          <Button type="submit" loading={writing}>
            {submit}
          </Button>
        </Group>
        {footer}
      </Stack>
    </Paper>
  );
}

/** An edit's buttons: save (the form's submit) and cancel. */
export function SaveCancel({ onCancel }: { onCancel: () => void }) {
  const { writing } = useWrite();
  return (
    <Group mt="sm">
      <Button type="submit" size="sm" loading={writing}>
        <Trans id="admin.edit.save">Save changes</Trans>
      </Button>
      <Button size="sm" variant="default" onClick={onCancel}>
        <Trans id="admin.import.cancel">Cancel</Trans>
      </Button>
    </Group>
  );
}

/**
 * The second step of a write that cannot be undone: the red button that does it, and cancel
 * (`tight`: the two kept close together on one line, in a row of buttons).
 */
export function ConfirmButtons({ confirm, onConfirm, onCancel, tight = false }: { confirm: ReactNode; onConfirm: () => void; onCancel: () => void; tight?: boolean }) {
  const { writing } = useWrite();
  return (
    <Group gap={tight ? 4 : undefined} wrap={tight ? 'nowrap' : undefined}>
      <Button size="xs" color="red" loading={writing} onClick={onConfirm}>
        {confirm}
      </Button>
      <Button size="xs" variant="default" onClick={onCancel}>
        <Trans id="admin.import.cancel">Cancel</Trans>
      </Button>
    </Group>
  );
}
