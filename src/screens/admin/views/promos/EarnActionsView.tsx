import { useState, type FormEvent } from 'react';
import { NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminPromo, EarnData } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { ArchivedBadge, bilingual } from '../../EditForm';
import { BilingualFields, CreateForm, httpsUrlProblem, pipsProblem, useFieldErrors } from '../../formParts';
import { EmptyList, ItemCard } from '../../viewParts';
import { CompletionSelect, LimitSelect, completionMessages, completionWithUrl, type EarnCompletion } from './completionField';
import { EditPromoPanel, PromoActions, useFiltered } from './promoParts';

/** The earn actions: a form for a new one, and the list with archive and restore. */
export function EarnActionsView({ data, canWrite }: { data: EarnData; canWrite: boolean }) {
  const { filtered, filter } = useFiltered(data.promos);
  return (
    <Stack gap="lg">
      {canWrite ? <NewEarnAction /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.earn.listTitle">Earn actions</Trans>
      </Title>
      {filter}
      {filtered.length === 0 ? (
        <EmptyList />
      ) : (
        <Stack gap="sm">
          {filtered.map((promo) => (
            <EarnPromoCard key={promo.id} promo={promo} canWrite={canWrite} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function EarnPromoCard({ promo, canWrite }: { promo: AdminPromo; canWrite: boolean }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <ItemCard
      testId="admin-promo"
      title={localText(promo.title, i18n.locale)}
      badges={<ArchivedBadge archived={promo.archived} />}
      details={
        <Text size="sm" c="dimmed">
          <Trans id="admin.earn.pips">{promo.pips} pips</Trans>
          {promo.url ? ` · ${promo.url}` : ''}
          {promo.completedBy ? ` · ${i18n._(completionMessages[promo.completedBy])}` : ''}
        </Text>
      }
      actions={<PromoActions promo={promo} canWrite={canWrite} open={open} setOpen={setOpen} />}
      actionsWrap="wrap"
    >
      <EditPromoPanel promo={promo} open={open} setOpen={setOpen} />
    </ItemCard>
  );
}

function NewEarnAction() {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [en, setEn] = useState('');
  const [es, setEs] = useState('');
  const [pips, setPips] = useState<number | string>(10);
  const [url, setUrl] = useState('');
  const [limit, setLimit] = useState<'once' | 'daily' | 'unlimited'>('once');
  const [completedBy, setCompletedBy] = useState<EarnCompletion | null>(null);
  const { errors, clear, check } = useFieldErrors();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      pips: pipsProblem(i18n, pips, 1, 100_000),
      url: completedBy && url.trim() ? i18n._(completionWithUrl) : httpsUrlProblem(i18n, url),
    };
    if (!check(found)) return;
    send({
      kind: 'createPromo',
      input: {
        type: 'EARN',
        title: bilingual(en, es),
        pips: Number(pips),
        earnLimit: limit,
        ...(url.trim() ? { url: url.trim() } : {}),
        ...(completedBy ? { completedBy } : {}),
      },
    });
  };

  return (
    <CreateForm id="new-earn-title" title={<Trans id="admin.earn.newTitle">New earn action</Trans>} onSubmit={submit}
      submit={<Trans id="admin.earn.create">Create earn action</Trans>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BilingualFields of="title" en={en} es={es} error={errors.title} onEn={(value) => { setEn(value); clear('title'); }} onEs={setEs} />
        <NumberInput label={t({ id: 'admin.field.pips', message: 'Pips earned' })} required min={1} max={100_000} allowDecimal={false} value={pips} error={errors.pips}
          onChange={(value) => { setPips(value); clear('pips'); }} />
        <TextInput label={t({ id: 'admin.field.url', message: 'Link opened (https, optional)' })} value={url} error={errors.url} inputMode="url"
          onChange={(e) => { setUrl(e.currentTarget.value); clear('url'); }} />
        <LimitSelect value={limit} onChange={setLimit} />
        <CompletionSelect value={completedBy} onChange={(value) => { setCompletedBy(value); clear('url'); }} />
      </SimpleGrid>
    </CreateForm>
  );
}
