import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, NativeSelect, NumberInput, Paper, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from './adminMessages';
import { useWrite } from './consoleContext';
import { ConfirmButtons, SaveCancel } from './formParts';
import { say } from './say';

export interface EditField {
  key: string;
  label: string;
  kind?: 'text' | 'number' | 'textarea' | 'datetime' | 'select';
  /** A select's choices (value and what it says). */
  choices?: { value: string; label: string }[];
  required?: boolean;
  /** Numbers: the range a value must be in (an empty optional number is allowed). */
  min?: number;
  max?: number;
}

export type EditValues = Record<string, string | number>;

/**
 * An item's edit form, inline under it: the fields with their current values, checked as the API
 * checks them (required, whole numbers in range) plus the caller's own checks, then saved.
 */
export function EditForm({
  fields,
  initial,
  onSave,
  onCancel,
}: {
  fields: EditField[];
  initial: EditValues;
  /** Sends the write; returns messages by field when the values cannot be saved as they are. */
  onSave: (values: EditValues) => Record<string, string> | void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<EditValues>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = (key: string, value: string | number) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const field of fields) {
      const value = values[field.key];
      if (field.kind === 'number') {
        if (value === '' || value === undefined) {
          if (field.required) found[field.key] = say(i18n, fieldErrors.range, { min: field.min ?? 0, max: field.max ?? 0 });
        } else if (!Number.isInteger(value) || Number(value) < (field.min ?? -Infinity) || Number(value) > (field.max ?? Infinity)) {
          found[field.key] = say(i18n, fieldErrors.range, { min: field.min ?? 0, max: field.max ?? 0 });
        }
      } else if (field.required && !String(value ?? '').trim()) {
        found[field.key] = i18n._(fieldErrors.required);
      }
    }
    if (Object.keys(found).length === 0) Object.assign(found, onSave(values) ?? {});
    setErrors(found);
  };
  return (
    <Paper withBorder p="sm" mt="sm" radius="sm" component="form" onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map((field) => {
          const common = { label: field.label, required: field.required, error: errors[field.key] };
          if (field.kind === 'number') {
            return (
              <NumberInput key={field.key} {...common} min={field.min} max={field.max} allowDecimal={false} value={values[field.key]}
                onChange={(value) => set(field.key, value)} />
            );
          }
          if (field.kind === 'select') {
            return (
              <NativeSelect key={field.key} {...common} data={field.choices ?? []} value={String(values[field.key] ?? '')}
                onChange={(e) => set(field.key, e.currentTarget.value)} />
            );
          }
          if (field.kind === 'textarea') {
            return <Textarea key={field.key} {...common} minRows={2} value={String(values[field.key] ?? '')} onChange={(e) => set(field.key, e.currentTarget.value)} />;
          }
          return (
            <TextInput key={field.key} {...common} type={field.kind === 'datetime' ? 'datetime-local' : 'text'} value={String(values[field.key] ?? '')}
              onChange={(e) => set(field.key, e.currentTarget.value)} />
          );
        })}
      </SimpleGrid>
      <SaveCancel onCancel={onCancel} />
    </Paper>
  );
}

/** The toggle that opens an item's edit form. */
export function EditButton({ title, open, onToggle, compact = false }: { title: string; open: boolean; onToggle: () => void; compact?: boolean }) {
  const { t } = useLingui();
  const label = t({ id: 'admin.edit.label', message: `Edit: ${title}` });
  if (compact) {
    return (
      <ActionIcon size={30} variant="light" aria-expanded={open} aria-label={label} title={label} onClick={onToggle}>
        <IconPencil size={16} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button size="xs" variant="light" aria-expanded={open} aria-label={label} onClick={onToggle}>
      <Trans id="admin.edit">Edit</Trans>
    </Button>
  );
}

/**
 * Delete, after an inline confirmation (for good: nothing refers to it; when something does, the
 * server refuses and the console says to archive it instead).
 */
export function DeleteButton({ title, onDelete, compact = false }: { title: string; onDelete: () => void; compact?: boolean }) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const label = t({ id: 'admin.delete.label', message: `Delete: ${title}` });
  if (!confirming && compact) {
    return (
      <ActionIcon size={30} variant="subtle" color="red" aria-label={label} title={label} onClick={() => setConfirming(true)}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    );
  }
  if (!confirming) {
    return (
      <Button size="xs" variant="subtle" color="red" aria-label={label} onClick={() => setConfirming(true)}>
        <Trans id="admin.delete">Delete</Trans>
      </Button>
    );
  }
  return (
    <ConfirmButtons
      tight
      confirm={<Trans id="admin.delete.confirm">Delete for good</Trans>}
      onConfirm={() => { setConfirming(false); onDelete(); }}
      onCancel={() => setConfirming(false)}
    />
  );
}

/** An operator's text from the English field and the optional Spanish one. */
export const bilingual = (en: string, es: string) => (es.trim() ? { en: en.trim(), es: es.trim() } : { en: en.trim() });

/** Archive (hidden from members, kept for their history) or restore an item. */
export function ArchiveToggle({ title, archived, onArchive, onRestore }: { title: string; archived: boolean; onArchive: () => void; onRestore: () => void }) {
  const { t } = useLingui();
  const { writing } = useWrite();
  return archived ? (
    <Button size="xs" variant="light" disabled={writing} aria-label={t({ id: 'admin.restore.label', message: `Restore “${title}”` })} onClick={onRestore}>
      <Trans id="admin.restore">Restore</Trans>
    </Button>
  ) : (
    <Button size="xs" variant="default" disabled={writing} aria-label={t({ id: 'admin.archive.label', message: `Archive “${title}”` })} onClick={onArchive}>
      <Trans id="admin.archive">Archive</Trans>
    </Button>
  );
}

/** Whether members see the item. */
export function ArchivedBadge({ archived }: { archived: boolean }) {
  return archived ? (
    <Badge color="gray" variant="light">
      <Trans id="admin.badge.archived">Archived</Trans>
    </Badge>
  ) : (
    <Badge color="teal.9" variant="outline">
      <Trans id="admin.badge.live">Live</Trans>
    </Badge>
  );
}
