import { useState, type FormEvent } from 'react';
import { Button, Checkbox, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminAnnouncementList, AdminAnnouncementText } from '../../consoleLogic';
import { ArchivedBadge, ArchiveToggle, EditButton, EditForm } from '../../EditForm';
import { CreateForm, useFieldErrors } from '../../formParts';
import { EmptyList, ItemCard, useDateFormat } from '../../viewParts';

type Announcement = AdminAnnouncementList['announcements'][number];

/** Text in one or both languages, as the announcement calls take it. */
const eitherLanguage = (en: string, es: string): AdminAnnouncementText | null => {
  const text: AdminAnnouncementText = {};
  if (en.trim()) text.en = en.trim();
  if (es.trim()) text.es = es.trim();
  return text.en || text.es ? text : null;
};

const announcementText = (text: AdminAnnouncementText, locale: string) =>
  (locale.startsWith('es') ? text.es ?? text.en : text.en ?? text.es) ?? '';

/** The announcements with how many read them; a form for a new one (optionally pushed); delete. */
export function AnnouncementsView({ data, canWrite }: { data: AdminAnnouncementList; canWrite: boolean }) {
  return (
    <Stack gap="lg">
      {canWrite ? <NewAnnouncement /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.announcements.listTitle">Published</Trans>
      </Title>
      {data.announcements.length === 0 ? (
        <EmptyList />
      ) : (
        data.announcements.map((a) => <AnnouncementCard key={a.id} announcement={a} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function NewAnnouncement() {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [titleEn, setTitleEn] = useState('');
  const [titleEs, setTitleEs] = useState('');
  const [textEn, setTextEn] = useState('');
  const [textEs, setTextEs] = useState('');
  const [url, setUrl] = useState('');
  const [push, setPush] = useState(false);
  const { errors, clear, check } = useFieldErrors();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const title = eitherLanguage(titleEn, titleEs);
    const text = eitherLanguage(textEn, textEs);
    const found = {
      title: title ? undefined : i18n._(fieldErrors.textRequired),
      text: text ? undefined : i18n._(fieldErrors.textRequired),
      url: !url.trim() || /^\/\S*$/.test(url.trim()) ? undefined : i18n._(fieldErrors.appPath),
    };
    if (!check(found) || !title || !text) return;
    send({ kind: 'createAnnouncement', input: { title, text, ...(url.trim() ? { url: url.trim() } : {}), ...(push ? { push: true } : {}) } });
  };

  return (
    <CreateForm id="new-announcement-title" title={<Trans id="admin.announcements.newTitle">New announcement</Trans>} onSubmit={submit}
      submit={<Trans id="admin.announcements.create">Publish</Trans>}>
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
    </CreateForm>
  );
}

function AnnouncementCard({ announcement: a, canWrite }: { announcement: Announcement; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const longDate = useDateFormat({ year: 'numeric', month: 'long', day: 'numeric' });
  const [editing, setEditing] = useState(false);
  const title = announcementText(a.title, i18n.locale);
  const { read } = a;
  return (
    <ItemCard
      testId="admin-announcement"
      title={title}
      badges={<ArchivedBadge archived={a.archived} />}
      details={
        <>
          <Text size="sm">{announcementText(a.text, i18n.locale)}</Text>
          <Text size="sm" c="dimmed">
            <Trans id="admin.announcements.summary">
              {longDate(a.sendDate)} · read by {read}
            </Trans>
          </Text>
        </>
      }
      actions={
        canWrite ? (
          <>
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
          </>
        ) : null
      }
    >
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
    </ItemCard>
  );
}
