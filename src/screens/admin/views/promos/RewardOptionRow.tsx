import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../../../actors/useSelector';
import { selectPreview } from '../../../../../machines/operatorConsole.selectors';
import { useConsole, useWrite } from '../../consoleContext';
import type { AdminCodeImportResult, AdminPromo, AdminRewardOption } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { bilingual, DeleteButton, EditButton, EditForm, type EditField } from '../../EditForm';
import { limitFields, limitFromValues, limitInitial, limitWords } from '../../rewardLimits';
import { ImportCodes } from './ImportCodes';
import { StockBadge } from './StockBadge';

/** An option's fields, in the form that adds one and in its edit form: what the member gets, its price, its limit. */
function useOptionFields(): EditField[] {
  const { t, i18n } = useLingui();
  return [
    { key: 'en', label: t({ id: 'admin.field.optionLabelEn', message: 'What the member gets (English)' }), required: true },
    { key: 'es', label: t({ id: 'admin.field.optionLabelEs', message: 'What the member gets (Spanish, optional)' }) },
    { key: 'pips', label: t({ id: 'admin.field.price', message: 'Price in pips' }), kind: 'number', required: true, min: 1, max: 10_000_000 },
    ...limitFields(i18n),
  ];
}

/** Another option (a label and its price) for an existing reward; its codes are loaded next. */
export function AddOption({ promo }: { promo: AdminPromo }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const fields = useOptionFields();
  const [open, setOpen] = useState(false);
  const title = localText(promo.title, i18n.locale);
  if (!open) {
    return (
      <Group>
        <Button size="xs" variant="subtle" aria-label={t({ id: 'admin.rewards.addOption.label', message: `Add an option to ${title}` })} onClick={() => setOpen(true)}>
          <Trans id="admin.rewards.addOption">Add an option</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <EditForm
      fields={fields}
      initial={{ en: '', es: '', pips: '', ...limitInitial(null) }}
      onCancel={() => setOpen(false)}
      onSave={(v) => {
        setOpen(false);
        send({ kind: 'addRewardOption', input: { id: promo.id, label: bilingual(String(v.en), String(v.es)), pips: Number(v.pips), limit: limitFromValues(v) } });
      }}
    />
  );
}

/** One option of a reward: its price, codes left and limit; edit, delete (before any code), its codes, load codes. */
export function RewardOptionRow({ option, canWrite }: { option: AdminRewardOption; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const preview = useSelector(actor, selectPreview);
  const previewHere = preview?.request.kind === 'importCodes' && preview.request.input.id === option.optId;
  const fields = useOptionFields();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const { send } = useWrite();
  const label = localText(option.label, i18n.locale);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text>
          <Trans id="admin.rewards.option">
            {label} · {option.pips} pips · {option.codesLeft} of {option.codesTotal} codes left
          </Trans>{' '}
          <span data-testid="admin-option-limit">· {limitWords(i18n, option.limit)}</span>{' '}
          <StockBadge stock={option.stock} />
        </Text>
        {/* Edit and delete as icons: the row's four actions stay on one line on a phone. */}
        <Group gap="xs" data-testid="admin-option-actions">
          {canWrite ? <EditButton compact title={label} open={editing} onToggle={() => setEditing((e) => !e)} /> : null}
          {canWrite && option.codesTotal === 0 ? <DeleteButton compact title={label} onDelete={() => send({ kind: 'deleteRewardOption', input: { id: option.optId } })} /> : null}
          <Button size="xs" variant="default" aria-label={t({ id: 'admin.rewards.codes.label', message: `Codes: ${label}` })}
            onClick={() => actor.send({ type: 'user.openItem', view: 'codes', id: option.optId })}>
            <Trans id="admin.rewards.codes">Codes</Trans>
          </Button>
          {canWrite ? (
            <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open || previewHere}
              aria-label={t({ id: 'admin.rewards.loadCodes.label', message: `Load codes for ${label}` })}>
              <Trans id="admin.rewards.loadCodes">Load codes</Trans>
            </Button>
          ) : null}
        </Group>
      </Group>
      {editing ? (
        <EditForm
          fields={fields}
          initial={{ en: option.label.en, es: option.label.es ?? '', pips: option.pips, ...limitInitial(option.limit) }}
          onCancel={() => setEditing(false)}
          onSave={(v) => {
            setEditing(false);
            send({
              kind: 'updateRewardOption',
              input: { id: option.optId, label: bilingual(String(v.en), String(v.es)), pips: Number(v.pips), limit: limitFromValues(v) },
            });
          }}
        />
      ) : null}
      {open || previewHere ? <ImportCodes option={option} preview={previewHere ? (preview.value as AdminCodeImportResult) : null} /> : null}
    </Stack>
  );
}
