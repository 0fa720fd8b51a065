import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, NumberInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import { bilingual } from '../../EditForm';
import { BilingualFields, CreateForm, httpsUrlProblem, pipsProblem, useFieldErrors, wholeIn } from '../../formParts';
import { limitFields, limitFromValues } from '../../rewardLimits';
import { say } from '../../say';

interface OptionDraft {
  en: string;
  es: string;
  pips: number | string;
  /** The per-member limit's fields (empty count: none). */
  limitCount: number | string;
  limitPeriod: string;
}

/** A new reward: its title, where it is claimed, and its options (up to 20), each with a price and a limit. */
export function NewReward() {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [en, setEn] = useState('');
  const [es, setEs] = useState('');
  const [url, setUrl] = useState('');
  const [options, setOptions] = useState<OptionDraft[]>([{ en: '', es: '', pips: 500, limitCount: '', limitPeriod: 'ever' }]);
  const { errors, clear, check } = useFieldErrors();

  const setOption = (i: number, change: Partial<OptionDraft>) => {
    setOptions((list) => list.map((o, j) => (j === i ? { ...o, ...change } : o)));
    clear(`label${i}`);
    clear(`pips${i}`);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string | undefined> = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      url: httpsUrlProblem(i18n, url),
    };
    options.forEach((o, i) => {
      found[`label${i}`] = o.en.trim() ? undefined : i18n._(fieldErrors.labelRequired);
      found[`pips${i}`] = pipsProblem(i18n, o.pips, 1, 10_000_000);
      found[`limit${i}`] = o.limitCount === '' || wholeIn(o.limitCount, 1, 1000) ? undefined : say(i18n, fieldErrors.range, { min: 1, max: 1000 });
    });
    if (!check(found)) return;
    send({
      kind: 'createPromo',
      input: {
        type: 'REDEEM',
        title: bilingual(en, es),
        ...(url.trim() ? { url: url.trim() } : {}),
        options: options.map((o) => ({ label: bilingual(o.en, o.es), pips: Number(o.pips), limit: limitFromValues({ limitCount: o.limitCount, limitPeriod: o.limitPeriod }) })),
      },
    });
  };

  return (
    <CreateForm
      id="new-reward-title"
      title={<Trans id="admin.rewards.newTitle">New reward</Trans>}
      onSubmit={submit}
      submit={<Trans id="admin.rewards.create">Create reward</Trans>}
      actions={
        <>
          {options.length < 20 ? (
            <Button variant="default" onClick={() => setOptions((list) => [...list, { en: '', es: '', pips: 1000, limitCount: '', limitPeriod: 'ever' }])}>
              <Trans id="admin.rewards.addOption">Add an option</Trans>
            </Button>
          ) : null}
          {options.length > 1 ? (
            <Button variant="subtle" color="gray" onClick={() => setOptions((list) => list.slice(0, -1))}>
              <Trans id="admin.rewards.removeOption">Remove the last option</Trans>
            </Button>
          ) : null}
        </>
      }
      footer={
        <Text size="sm" c="dimmed">
          <Trans id="admin.rewards.codesHint">Load its gift-card codes from a CSV file once it is created.</Trans>
        </Text>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BilingualFields of="title" en={en} es={es} error={errors.title} onEn={(value) => { setEn(value); clear('title'); }} onEs={setEs} />
        <TextInput label={t({ id: 'admin.field.claimUrl', message: 'Where it is claimed (https, optional)' })} value={url} error={errors.url} inputMode="url"
          onChange={(e) => { setUrl(e.currentTarget.value); clear('url'); }} />
      </SimpleGrid>
      {options.map((o, i) => (
        <SimpleGrid key={i} cols={{ base: 1, sm: 3, lg: 5 }}>
          <TextInput label={t({ id: 'admin.field.optionEn', message: `Option ${i + 1} (English)` })} placeholder={t({ id: 'admin.field.optionExample', message: 'e.g. $5 card' })} required value={o.en} error={errors[`label${i}`]}
            onChange={(e) => setOption(i, { en: e.currentTarget.value })} />
          <TextInput label={t({ id: 'admin.field.optionEs', message: `Option ${i + 1} (Spanish, optional)` })} value={o.es} onChange={(e) => setOption(i, { es: e.currentTarget.value })} />
          <NumberInput label={t({ id: 'admin.field.optionPips', message: `Option ${i + 1} price in pips` })} required min={1} allowDecimal={false} value={o.pips} error={errors[`pips${i}`]}
            onChange={(value) => setOption(i, { pips: value })} />
          {limitFields(i18n).map((field) =>
            field.kind === 'select' ? (
              <NativeSelect key={field.key} label={field.label} data={field.choices ?? []} value={o.limitPeriod} onChange={(e) => setOption(i, { limitPeriod: e.currentTarget.value })} />
            ) : (
              <NumberInput key={field.key} label={field.label} min={1} max={1000} allowDecimal={false} value={o.limitCount} error={errors[`limit${i}`]}
                onChange={(value) => setOption(i, { limitCount: value })} />
            ),
          )}
        </SimpleGrid>
      ))}
    </CreateForm>
  );
}
