import { useEffect, useState, type FormEvent } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { FileField } from './formParts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from './adminMessages';
import { useWrite } from './consoleContext';
import type { AdminAnnouncementList, AdminAnnouncementText, AdminQrCode, AdminQrCodeList, AdminQuestionnaireList } from './consoleLogic';
import { localText } from './DoneNotice';
import { ArchivedBadge, ArchiveToggle, DeleteButton, EditButton, EditForm } from './EditForm';
import { readJson } from './jsonFile';
import { say } from './say';

const DAY_MS = 86_400_000;


/** Text in one or both languages, as the announcement calls take it. */
const eitherLanguage = (en: string, es: string): AdminAnnouncementText | null => {
  const text: AdminAnnouncementText = {};
  if (en.trim()) text.en = en.trim();
  if (es.trim()) text.es = es.trim();
  return text.en || text.es ? text : null;
};

const announcementText = (text: AdminAnnouncementText, locale: string) =>
  (locale.startsWith('es') ? text.es ?? text.en : text.en ?? text.es) ?? '';

/** A file name from a title: lower case, letters and digits joined by dashes. */
const fileName = (title: string, id: number) =>
  `${title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'qr-code'}-${id}`;

function useLongDate() {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(i18n.locale, { year: 'numeric', month: 'long', day: 'numeric' });
  return (iso: string) => format.format(new Date(iso));
}

/** The earn QR codes: a form for a new one; each code shown, downloadable (SVG, PNG) and ended. */
export function QrCodesView({ data, canWrite }: { data: AdminQrCodeList; canWrite: boolean }) {
  return (
    <Stack gap="lg">
      {canWrite ? <NewQrCode /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.qr.listTitle">QR codes</Trans>
      </Title>
      {data.qrCodes.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
      ) : (
        data.qrCodes.map((code) => <QrCodeCard key={code.id} code={code} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function QrCodeCard({ code, canWrite }: { code: AdminQrCode; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const longDate = useLongDate();
  const [shown, setShown] = useState(false);
  const [editing, setEditing] = useState(false);
  const title = localText(code.title, i18n.locale);
  const claims = code.claims;
  const cap = code.cap;
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-qr">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} flex="1 1 15rem">
            <Group gap="xs">
              <Text fw={600}>{title}</Text>
              {code.live ? (
                <Badge color="teal.9" variant="outline">
                  <Trans id="admin.badge.live">Live</Trans>
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  <Trans id="admin.qr.ended">Not live</Trans>
                </Badge>
              )}
            </Group>
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
          </Stack>
          <Group gap="xs">
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
          </Group>
        </Group>
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
                input: {
                  id: code.id,
                  title: String(v.es).trim() ? { en: String(v.en).trim(), es: String(v.es).trim() } : { en: String(v.en).trim() },
                  pips: Number(v.pips),
                  cap: v.cap === '' ? null : Number(v.cap),
                },
              });
            }}
          />
        ) : null}
        {shown ? <QrImage code={code} title={title} /> : null}
      </Stack>
    </Paper>
  );
}

/** The code drawn in the browser (the qrcode library, loaded with this view), with its downloads. */
function QrImage({ code, title }: { code: AdminQrCode; title: string }) {
  const { t } = useLingui();
  const [images, setImages] = useState<{ svg: string; png: string } | null>(null);
  useEffect(() => {
    let current = true;
    void (async () => {
      const module = await import('qrcode');
      const QR = (module as unknown as { default?: typeof module }).default ?? module;
      const svg = await QR.toString(code.link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      const png = await QR.toDataURL(code.link, { width: 1024, margin: 2, errorCorrectionLevel: 'M' });
      if (current) setImages({ svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png });
    })();
    return () => {
      current = false;
    };
  }, [code.link]);
  const name = fileName(code.title.en, code.id);
  return (
    <Group align="flex-start" gap="md">
      {images ? (
        <Image src={images.svg} w={200} h={200} alt={t({ id: 'admin.qr.image', message: `QR code of ${title}` })} />
      ) : (
        <Paper w={200} h={200} withBorder />
      )}
      <Stack gap={4}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {code.link}
        </Text>
        {images ? (
          <Group gap="md">
            <Anchor href={images.svg} download={`${name}.svg`}>
              <Trans id="admin.qr.downloadSvg">Download SVG (to print at any size)</Trans>
            </Anchor>
            <Anchor href={images.png} download={`${name}.png`}>
              <Trans id="admin.qr.downloadPng">Download PNG</Trans>
            </Anchor>
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}

function NewQrCode() {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [en, setEn] = useState('');
  const [es, setEs] = useState('');
  const [pips, setPips] = useState<number | string>(10);
  const [limit, setLimit] = useState<'once' | 'daily'>('once');
  const [days, setDays] = useState<number | string>('');
  const [cap, setCap] = useState<number | string>('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const clear = (key: string) => setErrors((x) => ({ ...x, [key]: undefined }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      pips: Number.isInteger(pips) && Number(pips) >= 1 && Number(pips) <= 100_000 ? undefined : say(i18n, fieldErrors.pipsRange, { max: '100,000' }),
      days: days === '' || (Number.isInteger(days) && Number(days) >= 1 && Number(days) <= 3650) ? undefined : i18n._(fieldErrors.validDays),
      cap: cap === '' || (Number.isInteger(cap) && Number(cap) >= 1 && Number(cap) <= 10_000_000) ? undefined : i18n._(fieldErrors.cap),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    send({
      kind: 'createQrCode',
      input: {
        title: es.trim() ? { en: en.trim(), es: es.trim() } : { en: en.trim() },
        pips: Number(pips),
        earnLimit: limit,
        ...(days === '' ? {} : { validUntil: new Date(Date.now() + Number(days) * DAY_MS).toISOString() }),
        ...(cap === '' ? {} : { cap: Number(cap) }),
      },
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-qr-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-qr-title">
          <Trans id="admin.qr.newTitle">New QR code</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t({ id: 'admin.field.titleEn', message: 'Title (English)' })} required value={en} error={errors.title}
            onChange={(e) => { setEn(e.currentTarget.value); clear('title'); }} />
          <TextInput label={t({ id: 'admin.field.titleEs', message: 'Title (Spanish, optional)' })} value={es} onChange={(e) => setEs(e.currentTarget.value)} />
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
        <Group>
          <Button type="submit" loading={writing}>
            <Trans id="admin.qr.create">Create QR code</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The questionnaires with their answers: create from a JSON file, edit the pips, archive, restore, delete. */
export function QuestionnairesView({ data, canWrite }: { data: AdminQuestionnaireList; canWrite: boolean }) {
  return (
    <Stack gap="md">
      {canWrite ? <NewQuestionnaire /> : null}
      {data.questionnaires.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
      ) : (
        data.questionnaires.map((q) => <QuestionnaireCard key={q.id} questionnaire={q} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

/** The announcements with how many read them; a form for a new one (optionally pushed); delete. */
export function AnnouncementsView({ data, canWrite }: { data: AdminAnnouncementList; canWrite: boolean }) {
  return (
    <Stack gap="lg">
      {canWrite ? <NewAnnouncement /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.announcements.listTitle">Published</Trans>
      </Title>
      {data.announcements.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
      ) : (
        data.announcements.map((a) => <AnnouncementCard key={a.id} announcement={a} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function NewAnnouncement() {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [titleEn, setTitleEn] = useState('');
  const [titleEs, setTitleEs] = useState('');
  const [textEn, setTextEn] = useState('');
  const [textEs, setTextEs] = useState('');
  const [url, setUrl] = useState('');
  const [push, setPush] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const clear = (key: string) => setErrors((x) => ({ ...x, [key]: undefined }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const title = eitherLanguage(titleEn, titleEs);
    const text = eitherLanguage(textEn, textEs);
    const found = {
      title: title ? undefined : i18n._(fieldErrors.textRequired),
      text: text ? undefined : i18n._(fieldErrors.textRequired),
      url: !url.trim() || /^\/\S*$/.test(url.trim()) ? undefined : i18n._(fieldErrors.appPath),
    };
    setErrors(found);
    if (!title || !text || found.url) return;
    send({ kind: 'createAnnouncement', input: { title, text, ...(url.trim() ? { url: url.trim() } : {}), ...(push ? { push: true } : {}) } });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-announcement-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-announcement-title">
          <Trans id="admin.announcements.newTitle">New announcement</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t({ id: 'admin.field.annTitleEn', message: 'Title in English' })} value={titleEn} error={errors.title}
            onChange={(e) => { setTitleEn(e.currentTarget.value); clear('title'); }} />
          <TextInput label={t({ id: 'admin.field.annTitleEs', message: 'Title in Spanish' })} value={titleEs}
            onChange={(e) => { setTitleEs(e.currentTarget.value); clear('title'); }} />
          <Textarea label={t({ id: 'admin.field.annTextEn', message: 'Text in English' })} minRows={3} value={textEn} error={errors.text}
            onChange={(e) => { setTextEn(e.currentTarget.value); clear('text'); }} />
          <Textarea label={t({ id: 'admin.field.annTextEs', message: 'Text in Spanish' })} minRows={3} value={textEs}
            onChange={(e) => { setTextEs(e.currentTarget.value); clear('text'); }} />
          <TextInput label={t({ id: 'admin.field.annUrl', message: 'Opens (a path of the app, optional), e.g. /earn' })} value={url} error={errors.url}
            onChange={(e) => { setUrl(e.currentTarget.value); clear('url'); }} />
          <Checkbox mt={30} label={t({ id: 'admin.field.push', message: 'Also send it as a notification to members who allowed them' })} checked={push}
            onChange={(e) => setPush(e.currentTarget.checked)} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={writing}>
            <Trans id="admin.announcements.create">Publish</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function NewQuestionnaire() {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [file, setFile] = useState<File | null>(null);
  const [pips, setPips] = useState<number | string>(10);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const json = file ? await readJson(file) : null;
    const found = {
      file: !file ? i18n._(fieldErrors.noFile) : json && !json.ok ? i18n._(fieldErrors.notJson) : undefined,
      pips: Number.isInteger(pips) && Number(pips) >= 0 && Number(pips) <= 1_000_000 ? undefined : say(i18n, fieldErrors.pipsRange, { max: '1,000,000' }),
    };
    setErrors(found);
    if (found.file || found.pips || !json?.ok) return;
    send({ kind: 'createQuestionnaire', input: { payload: json.value, pips: Number(pips) } });
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-questionnaire-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-questionnaire-title">
          <Trans id="admin.questionnaires.newTitle">New questionnaire</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans id="admin.questionnaires.fileHint">A JSON file like examples/questionnaire.json: steps of questions (single or multiple choice, text, number, rating, date), texts in English, Spanish or both.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileField label={t({ id: 'admin.questionnaires.file', message: 'Questionnaire file (JSON)' })} accept=".json,application/json" value={file} clearable error={errors.file}
            onChange={(f) => { setFile(f); setErrors((x) => ({ ...x, file: undefined })); }} />
          <NumberInput label={t({ id: 'admin.questionnaires.pips', message: 'Pips for answering' })} min={0} allowDecimal={false} value={pips} error={errors.pips}
            onChange={(value) => { setPips(value); setErrors((x) => ({ ...x, pips: undefined })); }} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={writing}>
            <Trans id="admin.questionnaires.create">Create questionnaire</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function AnnouncementCard({ announcement: a, canWrite }: { announcement: AdminAnnouncementList['announcements'][number]; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const longDate = useLongDate();
  const [editing, setEditing] = useState(false);
  const title = announcementText(a.title, i18n.locale);
  const { read } = a;
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-announcement">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} flex="1 1 15rem">
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            <ArchivedBadge archived={a.archived} />
          </Group>
          <Text size="sm">{announcementText(a.text, i18n.locale)}</Text>
          <Text size="sm" c="dimmed">
            <Trans id="admin.announcements.summary">
              {longDate(a.sendDate)} · read by {read}
            </Trans>
          </Text>
        </Stack>
        {canWrite ? (
          <Group gap="xs" wrap="nowrap">
            <EditButton title={title} open={editing} onToggle={() => setEditing((e) => !e)} />
            <ArchiveToggle
              title={title}
              archived={a.archived}
              onArchive={() => send({ kind: 'updateAnnouncement', input: { id: a.id, archived: true } })}
              onRestore={() => send({ kind: 'updateAnnouncement', input: { id: a.id, archived: false } })}
            />
            <Button size="xs" variant="default" color="red" disabled={writing} aria-label={t({ id: 'admin.announcements.delete.label', message: `Delete “${title}”` })}
              onClick={() => send({ kind: 'deleteAnnouncement', input: { id: a.id } })}>
              <Trans id="admin.announcements.delete">Delete</Trans>
            </Button>
          </Group>
        ) : null}
      </Group>
      {editing ? (
        <EditForm
          fields={[
            { key: 'titleEn', label: t({ id: 'admin.field.annTitleEn', message: 'Title in English' }) },
            { key: 'titleEs', label: t({ id: 'admin.field.annTitleEs', message: 'Title in Spanish' }) },
            { key: 'textEn', label: t({ id: 'admin.field.annTextEn', message: 'Text in English' }), kind: 'textarea' },
            { key: 'textEs', label: t({ id: 'admin.field.annTextEs', message: 'Text in Spanish' }), kind: 'textarea' },
          ]}
          initial={{ titleEn: a.title.en ?? '', titleEs: a.title.es ?? '', textEn: a.text.en ?? '', textEs: a.text.es ?? '' }}
          onCancel={() => setEditing(false)}
          onSave={(v) => {
            const newTitle = eitherLanguage(String(v.titleEn), String(v.titleEs));
            const newText = eitherLanguage(String(v.textEn), String(v.textEs));
            if (!newTitle || !newText) {
              const message = i18n._(fieldErrors.textRequired);
              return { ...(newTitle ? {} : { titleEn: message }), ...(newText ? {} : { textEn: message }) };
            }
            setEditing(false);
            send({ kind: 'updateAnnouncement', input: { id: a.id, title: newTitle, text: newText } });
          }}
        />
      ) : null}
    </Paper>
  );
}

/**
 * New questions for a questionnaire nobody answered yet, from a JSON file (the server names every
 * problem of a bad one); once members answered, its questions stay and the form says so.
 */
function ReplaceQuestions({ questionnaire: q }: { questionnaire: AdminQuestionnaireList['questionnaires'][number] }) {
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

function QuestionnaireCard({ questionnaire: q, canWrite }: { questionnaire: AdminQuestionnaireList['questionnaires'][number]; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [editing, setEditing] = useState(false);
  const title = localText(q.title, i18n.locale);
  const { pips, steps, answers } = q;
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-questionnaire">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} flex="1 1 15rem">
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            <ArchivedBadge archived={q.archived} />
          </Group>
          <Text size="sm" c="dimmed">
            <Trans id="admin.questionnaires.summary">
              {pips} pips · {steps} steps · {answers} answers
            </Trans>
          </Text>
        </Stack>
        {canWrite ? (
          <Group gap="xs" wrap="nowrap">
            <EditButton title={title} open={editing} onToggle={() => setEditing((e) => !e)} />
            <DeleteButton title={title} onDelete={() => send({ kind: 'deleteQuestionnaire', input: { id: q.id } })} />
            <ArchiveToggle
              title={title}
              archived={q.archived}
              onArchive={() => send({ kind: 'archiveQuestionnaire', input: { id: q.id } })}
              onRestore={() => send({ kind: 'restoreQuestionnaire', input: { id: q.id } })}
            />
          </Group>
        ) : null}
      </Group>
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
    </Paper>
  );
}
