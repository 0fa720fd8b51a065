import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Paper, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminPromo } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { ArchiveToggle, bilingual, DeleteButton, EditButton } from '../../EditForm';
import { BilingualFields, FileField, httpsUrlProblem, pipsProblem, SaveCancel, useFieldErrors } from '../../formParts';
import { CompletionSelect, completionWithUrl, type EarnCompletion } from './completionField';

/*
 * What the earn actions and the rewards share (both are promos): the filter above their lists,
 * a promo's buttons, and its edit panel with its image.
 */

type Shown = 'live' | 'archived' | 'all';

/** Search and the live / archived filter above a list. */
function ListFilter({ search, onSearch, shown, onShown }: { search: string; onSearch: (s: string) => void; shown: Shown; onShown: (s: Shown) => void }) {
  const { t } = useLingui();
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label={t({ id: 'admin.list.search', message: 'Search by title' })}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={260}
      />
      <SegmentedControl
        aria-label={t({ id: 'admin.list.show', message: 'Show' })}
        value={shown}
        onChange={(value) => onShown(value as Shown)}
        data={[
          { value: 'live', label: t({ id: 'admin.list.live', message: 'Live' }) },
          { value: 'archived', label: t({ id: 'admin.list.archived', message: 'Archived' }) },
          { value: 'all', label: t({ id: 'admin.list.all', message: 'All' }) },
        ]}
      />
    </Group>
  );
}

/** The promos the filter lets through (live ones at first), and the filter to show above them. */
export function useFiltered(promos: AdminPromo[]) {
  const { i18n } = useLingui();
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<Shown>('live');
  const needle = search.trim().toLocaleLowerCase();
  const filtered = promos.filter(
    (p) =>
      (shown === 'all' || p.archived === (shown === 'archived')) &&
      (!needle || `${p.title.en} ${p.title.es ?? ''} ${localText(p.title, i18n.locale)}`.toLocaleLowerCase().includes(needle)),
  );
  return { filtered, filter: <ListFilter search={search} onSearch={setSearch} shown={shown} onShown={setShown} /> };
}

export interface EditState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** A promo's buttons for those who may change it: edit (opens its panel), archive or restore, delete. */
export function PromoActions({ promo, canWrite, open, setOpen }: { promo: AdminPromo; canWrite: boolean } & EditState) {
  const { i18n } = useLingui();
  const { send } = useWrite();
  if (!canWrite) return null;
  const title = localText(promo.title, i18n.locale);
  return (
    <>
      <EditButton title={title} open={open} onToggle={() => setOpen(!open)} />
      <ArchiveToggle
        title={title}
        archived={promo.archived}
        onArchive={() => send({ kind: 'archivePromo', input: { id: promo.id } })}
        onRestore={() => send({ kind: 'restorePromo', input: { id: promo.id } })}
      />
      <DeleteButton title={title} onDelete={() => send({ kind: 'deletePromo', input: { id: promo.id } })} />
    </>
  );
}

/** A file's bytes in base64 (what the image upload takes). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** The promo's image: shown at its own size ratio, replaced from a file, or taken off. */
function PromoImage({ promo }: { promo: AdminPromo }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = async () => {
    if (!file || !IMAGE_TYPES.includes(file.type) || file.size > 1024 * 1024) return setError(i18n._(fieldErrors.imageFile));
    setError(undefined);
    send({ kind: 'setPromoImage', input: { id: promo.id, image: await base64Of(file) } });
  };
  return (
    <Group align="flex-end" gap="sm" mt="sm">
      {promo.image ? (
        <img src={promo.image.url} width={promo.image.width} height={promo.image.height} alt="" style={{ width: 96, height: 'auto', borderRadius: 4 }} />
      ) : null}
      <FileField label={t({ id: 'admin.field.image', message: 'Image (PNG, JPEG or WebP, up to 1 MiB)' })} accept="image/png,image/jpeg,image/webp" value={file} clearable
        error={error} onChange={(f) => { setFile(f); setError(undefined); }} w={300} />
      <Button size="sm" variant="light" loading={writing} onClick={() => void upload()}>
        <Trans id="admin.image.upload">Upload image</Trans>
      </Button>
      {promo.image ? (
        <Button size="sm" variant="subtle" color="red" disabled={writing} onClick={() => send({ kind: 'removePromoImage', input: { id: promo.id } })}>
          <Trans id="admin.image.remove">Take the image off</Trans>
        </Button>
      ) : null}
    </Group>
  );
}

/** The title (en/es), the link and, for an earn action, the pips: saved with one PUT; and the image. */
export function EditPromoPanel({ promo, open, setOpen }: { promo: AdminPromo } & EditState) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [en, setEn] = useState(promo.title.en);
  const [es, setEs] = useState(promo.title.es ?? '');
  const [pips, setPips] = useState<number | string>(promo.pips);
  const [url, setUrl] = useState(promo.url ?? '');
  const [completedBy, setCompletedBy] = useState<EarnCompletion | null>(promo.completedBy ?? null);
  const { errors, clear, check } = useFieldErrors();
  if (!open) return null;
  const earn = promo.type === 'EARN';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      pips: earn ? pipsProblem(i18n, pips, 1, 100_000) : undefined,
      url: earn && completedBy && url.trim() ? i18n._(completionWithUrl) : httpsUrlProblem(i18n, url),
    };
    if (!check(found)) return;
    setOpen(false);
    const completion = earn && completedBy !== (promo.completedBy ?? null) ? { completedBy } : {};
    send({
      kind: 'updatePromo',
      input: { id: promo.id, title: bilingual(en, es), url: url.trim() || null, ...(earn ? { pips: Number(pips) } : {}), ...completion },
    });
  };
  return (
    <Paper withBorder p="sm" mt="sm" radius="sm" component="form" onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <BilingualFields of="title" en={en} es={es} error={errors.title} onEn={(value) => { setEn(value); clear('title'); }} onEs={setEs} />
        {earn ? (
          <NumberInput label={t({ id: 'admin.field.pips', message: 'Pips earned' })} required min={1} max={100_000} allowDecimal={false} value={pips} error={errors.pips}
            onChange={(value) => { setPips(value); clear('pips'); }} />
        ) : null}
        <TextInput label={earn ? t({ id: 'admin.field.url', message: 'Link opened (https, optional)' }) : t({ id: 'admin.field.claimUrl', message: 'Where it is claimed (https, optional)' })}
          value={url} error={errors.url} inputMode="url" onChange={(e) => { setUrl(e.currentTarget.value); clear('url'); }} />
        {earn ? <CompletionSelect value={completedBy} onChange={(value) => { setCompletedBy(value); clear('url'); }} /> : null}
      </SimpleGrid>
      <SaveCancel onCancel={() => setOpen(false)} />
      <PromoImage promo={promo} />
    </Paper>
  );
}
