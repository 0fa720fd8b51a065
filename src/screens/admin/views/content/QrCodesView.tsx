import { useState, type FormEvent } from 'react';
import { Badge, Button, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminQrCode, AdminQrCodeList } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { bilingual, DeleteButton, EditButton, EditForm } from '../../EditForm';
import { BilingualFields, CreateForm, pipsProblem, useFieldErrors, wholeIn } from '../../formParts';
import { EmptyList, ItemCard, useDateFormat } from '../../viewParts';
import { QrImage } from './QrImage';

const DAY_MS = 86_400_000;

/** The earn QR codes: a form for a new one; each code shown, downloadable (SVG, PNG) and ended. */
export function QrCodesView({ data, canWrite }: { data: AdminQrCodeList; canWrite: boolean }) {
  return (
    <Stack gap="lg">
      {canWrite ? <NewQrCode /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.qr.listTitle">QR codes</Trans>
      </Title>
      {data.qrCodes.length === 0 ? <EmptyList /> : data.qrCodes.map((code) => <QrCodeCard key={code.id} code={code} canWrite={canWrite} />)}
    </Stack>
  );
}

function QrCodeCard({ code, canWrite }: { code: AdminQrCode; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const longDate = useDateFormat({ year: 'numeric', month: 'long', day: 'numeric' });
  const [shown, setShown] = useState(false);
  const [editing, setEditing] = useState(false);
  const title = localText(code.title, i18n.locale);
  const claims = code.claims;
  const cap = code.cap;
  return (
    <ItemCard
      testId="admin-qr"
      stacked
      title={title}
      badges={
        code.live ? (
          <Badge color="teal.9" variant="outline">
            <Trans id="admin.badge.live">Live</Trans>
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            <Trans id="admin.qr.ended">Not live</Trans>
          </Badge>
        )
      }
      details={
        <Text size="sm" c="dimmed">
          {code.earnLimit === 'daily' ? (
            <Trans id="admin.qr.summaryDaily">{code.pips} pips, once a day per member</Trans>
          ) : (
            <Trans id="admin.qr.summaryOnce">{code.pips} pips, once per member</Trans>
          )}
          {' · '}
          {cap === null ? <Plural id="admin.qr.claims" value={claims} one="# scan" other="# scans" /> : <Trans id="admin.qr.claimsCap">{claims} of {cap} scans</Trans>}
          {code.validUntil ? (
            <>
              {' · '}
              <Trans id="admin.qr.until">until {longDate(code.validUntil)}</Trans>
            </>
          ) : null}
        </Text>
      }
      actionsWrap="wrap"
      actions={
        <>
          <Button size="xs" variant="light" onClick={() => setShown((s) => !s)} aria-expanded={shown}
            aria-label={t({ id: 'admin.qr.show.label', message: `Show QR code: ${title}` })}>
            <Trans id="admin.qr.show">Show QR code</Trans>
          </Button>
          {canWrite ? <EditButton title={title} open={editing} onToggle={() => setEditing((e) => !e)} /> : null}
          {canWrite ? <DeleteButton title={title} onDelete={() => send({ kind: 'deleteQrCode', input: { id: code.id } })} /> : null}
          {canWrite && code.live ? (
            <Button size="xs" variant="default" disabled={writing} aria-label={t({ id: 'admin.qr.end.label', message: `End now: ${title}` })}
              onClick={() => send({ kind: 'endQrCode', input: { id: code.id } })}>
              <Trans id="admin.qr.end">End now</Trans>
            </Button>
          ) : null}
        </>
      }
    >
      {editing ? (
        <EditForm
          fields={[
            { key: 'en', label: t({ id: 'admin.field.titleEn', message: 'Title (English)' }), required: true },
            { key: 'es', label: t({ id: 'admin.field.titleEs', message: 'Title (Spanish, optional)' }) },
            { key: 'pips', label: t({ id: 'admin.field.pips', message: 'Pips earned' }), kind: 'number', required: true, min: 1, max: 100_000 },
            { key: 'cap', label: t({ id: 'admin.field.capLabel', message: 'Most scans in all (optional)' }), kind: 'number', min: 1, max: 10_000_000 },
          ]}
          initial={{ en: code.title.en, es: code.title.es ?? '', pips: code.pips, cap: code.cap ?? '' }}
          onCancel={() => setEditing(false)}
          onSave={(v) => {
            setEditing(false);
            send({
              kind: 'updateQrCode',
              input: { id: code.id, title: bilingual(String(v.en), String(v.es)), pips: Number(v.pips), cap: v.cap === '' ? null : Number(v.cap) },
            });
          }}
        />
      ) : null}
      {shown ? <QrImage code={code} title={title} /> : null}
    </ItemCard>
  );
}

function NewQrCode() {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [en, setEn] = useState('');
  const [es, setEs] = useState('');
  const [pips, setPips] = useState<number | string>(10);
  const [limit, setLimit] = useState<'once' | 'daily'>('once');
  const [days, setDays] = useState<number | string>('');
  const [cap, setCap] = useState<number | string>('');
  const { errors, clear, check } = useFieldErrors();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      pips: pipsProblem(i18n, pips, 1, 100_000),
      days: days === '' || wholeIn(days, 1, 3650) ? undefined : i18n._(fieldErrors.validDays),
      cap: cap === '' || wholeIn(cap, 1, 10_000_000) ? undefined : i18n._(fieldErrors.cap),
    };
    if (!check(found)) return;
    send({
      kind: 'createQrCode',
      input: {
        title: bilingual(en, es),
        pips: Number(pips),
        earnLimit: limit,
        ...(days === '' ? {} : { validUntil: new Date(Date.now() + Number(days) * DAY_MS).toISOString() }),
        ...(cap === '' ? {} : { cap: Number(cap) }),
      },
    });
  };

  return (
    <CreateForm id="new-qr-title" title={<Trans id="admin.qr.newTitle">New QR code</Trans>} onSubmit={submit} submit={<Trans id="admin.qr.create">Create QR code</Trans>}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BilingualFields of="title" en={en} es={es} error={errors.title} onEn={(value) => { setEn(value); clear('title'); }} onEs={setEs} />
        <NumberInput label={t({ id: 'admin.field.pips', message: 'Pips earned' })} required min={1} max={100_000} allowDecimal={false} value={pips} error={errors.pips}
          onChange={(value) => { setPips(value); clear('pips'); }} />
        <Stack gap={4}>
          <Text size="sm" fw={700} id="qr-limit-label">
            <Trans id="admin.qr.limit">How often a member can scan it</Trans>
          </Text>
          <SegmentedControl aria-labelledby="qr-limit-label" value={limit} onChange={(value) => setLimit(value as 'once' | 'daily')}
            data={[
              { value: 'once', label: t({ id: 'admin.qr.once', message: 'Once' }) },
              { value: 'daily', label: t({ id: 'admin.qr.daily', message: 'Once a day' }) },
            ]} />
        </Stack>
        <NumberInput label={t({ id: 'admin.field.validDaysLabel', message: 'Valid for how many days (optional)' })} min={1} max={3650} allowDecimal={false} value={days} error={errors.days}
          onChange={(value) => { setDays(value); clear('days'); }} />
        <NumberInput label={t({ id: 'admin.field.capLabel', message: 'Most scans in all (optional)' })} min={1} allowDecimal={false} value={cap} error={errors.cap}
          onChange={(value) => { setCap(value); clear('cap'); }} />
      </SimpleGrid>
    </CreateForm>
  );
}
