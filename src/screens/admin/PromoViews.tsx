import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { FileField } from './formParts';
import { useSelector } from '../../actors/useSelector';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../components/TableHead';
import { selectPreview } from '../../../machines/operatorConsole.selectors';
import { fieldErrors } from './adminMessages';
import { say } from './say';
import { csvCodes, MAX_CODES } from './codesCsv';
import { useConsole, useWrite } from './consoleContext';
import type { AdminCodeImportResult, AdminPromo, AdminRewardOption, EarnData, RewardsData } from './consoleLogic';
import { localText } from './DoneNotice';
import { ArchivedBadge, ArchiveToggle, bilingual, DeleteButton, EditButton, EditForm } from './EditForm';
import { StockBadge } from './StockBadge';
import { limitFields, limitFromValues, limitInitial, limitWords } from './rewardLimits';
import { CodeDuplicatesNotice } from './CodeDuplicatesNotice';
import { skipWhy } from './codeMessages';

const HTTPS = /^https:\/\/\S+$/;
type Shown = 'live' | 'archived' | 'all';

/** Bilingual text from two fields: English required, Spanish when given. */


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

function useFiltered(promos: AdminPromo[]) {
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

interface EditState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

function EditToggle({ promo, open, setOpen }: { promo: AdminPromo } & EditState) {
  const { t, i18n } = useLingui();
  const title = localText(promo.title, i18n.locale);
  return (
    <Button size="xs" variant="light" aria-expanded={open} aria-label={t({ id: 'admin.edit.label', message: `Edit: ${title}` })}
      onClick={() => setOpen(!open)}>
      <Trans id="admin.edit">Edit</Trans>
    </Button>
  );
}

/** The title (en/es), the link and, for an earn action, the pips: saved with one PUT. */
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

function EditPromoPanel({ promo, open, setOpen }: { promo: AdminPromo } & EditState) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [en, setEn] = useState(promo.title.en);
  const [es, setEs] = useState(promo.title.es ?? '');
  const [pips, setPips] = useState<number | string>(promo.pips);
  const [url, setUrl] = useState(promo.url ?? '');
  const [errors, setErrors] = useState<{ title?: string; pips?: string; url?: string }>({});
  if (!open) return null;
  const earn = promo.type === 'EARN';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      pips: !earn || (Number.isInteger(pips) && Number(pips) >= 1 && Number(pips) <= 100_000) ? undefined : say(i18n, fieldErrors.pipsRange, { max: '100,000' }),
      url: !url.trim() || HTTPS.test(url.trim()) ? undefined : i18n._(fieldErrors.httpsUrl),
    };
    setErrors(found);
    if (found.title || found.pips || found.url) return;
    setOpen(false);
    send({
      kind: 'updatePromo',
      input: { id: promo.id, title: bilingual(en, es), url: url.trim() || null, ...(earn ? { pips: Number(pips) } : {}) },
    });
  };
  return (
    <Paper withBorder p="sm" mt="sm" radius="sm" component="form" onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t({ id: 'admin.field.titleEn', message: 'Title (English)' })} required value={en} error={errors.title}
          onChange={(e) => { setEn(e.currentTarget.value); setErrors((x) => ({ ...x, title: undefined })); }} />
        <TextInput label={t({ id: 'admin.field.titleEs', message: 'Title (Spanish, optional)' })} value={es} onChange={(e) => setEs(e.currentTarget.value)} />
        {earn ? (
          <NumberInput label={t({ id: 'admin.field.pips', message: 'Pips earned' })} required min={1} max={100_000} allowDecimal={false} value={pips} error={errors.pips}
            onChange={(value) => { setPips(value); setErrors((x) => ({ ...x, pips: undefined })); }} />
        ) : null}
        <TextInput label={earn ? t({ id: 'admin.field.url', message: 'Link opened (https, optional)' }) : t({ id: 'admin.field.claimUrl', message: 'Where it is claimed (https, optional)' })}
          value={url} error={errors.url} inputMode="url" onChange={(e) => { setUrl(e.currentTarget.value); setErrors((x) => ({ ...x, url: undefined })); }} />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" size="sm" loading={writing}>
          <Trans id="admin.edit.save">Save changes</Trans>
        </Button>
        <Button size="sm" variant="default" onClick={() => setOpen(false)}>
          <Trans id="admin.import.cancel">Cancel</Trans>
        </Button>
      </Group>
      <PromoImage promo={promo} />
    </Paper>
  );
}

function PromoArchiveToggle({ promo, canWrite }: { promo: AdminPromo; canWrite: boolean }) {
  const { i18n } = useLingui();
  const { send } = useWrite();
  if (!canWrite) return null;
  return (
    <ArchiveToggle
      title={localText(promo.title, i18n.locale)}
      archived={promo.archived}
      onArchive={() => send({ kind: 'archivePromo', input: { id: promo.id } })}
      onRestore={() => send({ kind: 'restorePromo', input: { id: promo.id } })}
    />
  );
}

function DeletePromo({ promo }: { promo: AdminPromo }) {
  const { i18n } = useLingui();
  const { send } = useWrite();
  return <DeleteButton title={localText(promo.title, i18n.locale)} onDelete={() => send({ kind: 'deletePromo', input: { id: promo.id } })} />;
}


/** The earn actions: a form for a new one, and the list with archive and restore. */
export function EarnView({ data, canWrite }: { data: EarnData; canWrite: boolean }) {
  const { filtered, filter } = useFiltered(data.promos);
  return (
    <Stack gap="lg">
      {canWrite ? <NewEarnAction /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.earn.listTitle">Earn actions</Trans>
      </Title>
      {filter}
      {filtered.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
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
    <Paper withBorder p="md" radius="md" data-testid="admin-promo">
              <Group justify="space-between" align="flex-start">
                <Stack gap={4} flex="1 1 15rem">
                  <Group gap="xs">
                    <Text fw={600}>{localText(promo.title, i18n.locale)}</Text>
                    <ArchivedBadge archived={promo.archived} />
                  </Group>
                  <Text size="sm" c="dimmed">
                    <Trans id="admin.earn.pips">{promo.pips} pips</Trans>
                    {promo.url ? ` · ${promo.url}` : ''}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {canWrite ? <EditToggle promo={promo} open={open} setOpen={setOpen} /> : null}
                  <PromoArchiveToggle promo={promo} canWrite={canWrite} />
                  {canWrite ? <DeletePromo promo={promo} /> : null}
                </Group>
              </Group>
              <EditPromoPanel promo={promo} open={open} setOpen={setOpen} />
            </Paper>
  );
}

function NewEarnAction() {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [en, setEn] = useState('');
  const [es, setEs] = useState('');
  const [pips, setPips] = useState<number | string>(10);
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ title?: string; pips?: string; url?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      pips: Number.isInteger(pips) && Number(pips) >= 1 && Number(pips) <= 100_000 ? undefined : say(i18n, fieldErrors.pipsRange, { max: '100,000' }),
      url: !url.trim() || HTTPS.test(url.trim()) ? undefined : i18n._(fieldErrors.httpsUrl),
    };
    setErrors(found);
    if (found.title || found.pips || found.url) return;
    send({ kind: 'createPromo', input: { type: 'EARN', title: bilingual(en, es), pips: Number(pips), ...(url.trim() ? { url: url.trim() } : {}) } });
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-earn-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-earn-title">
          <Trans id="admin.earn.newTitle">New earn action</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t({ id: 'admin.field.titleEn', message: 'Title (English)' })} required value={en} error={errors.title}
            onChange={(e) => { setEn(e.currentTarget.value); setErrors((x) => ({ ...x, title: undefined })); }} />
          <TextInput label={t({ id: 'admin.field.titleEs', message: 'Title (Spanish, optional)' })} value={es} onChange={(e) => setEs(e.currentTarget.value)} />
          <NumberInput label={t({ id: 'admin.field.pips', message: 'Pips earned' })} required min={1} max={100_000} allowDecimal={false} value={pips} error={errors.pips}
            onChange={(value) => { setPips(value); setErrors((x) => ({ ...x, pips: undefined })); }} />
          <TextInput label={t({ id: 'admin.field.url', message: 'Link opened (https, optional)' })} value={url} error={errors.url} inputMode="url"
            onChange={(e) => { setUrl(e.currentTarget.value); setErrors((x) => ({ ...x, url: undefined })); }} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={writing}>
            <Trans id="admin.earn.create">Create earn action</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The rewards: a form for a new one, and each reward with its options, codes and archive. */
export function RewardsView({ data, canWrite }: { data: RewardsData; canWrite: boolean }) {
  const { filtered, filter } = useFiltered(data.rewards.map((r) => r.promo));
  const shown = data.rewards.filter((r) => filtered.includes(r.promo));
  return (
    <Stack gap="lg">
      {data.duplicates.length > 0 ? <CodeDuplicatesNotice groups={data.duplicates} canWrite={canWrite} /> : null}
      {canWrite ? <NewReward /> : null}
      <Title order={2} size="h4">
        <Trans id="admin.rewards.listTitle">Rewards</Trans>
      </Title>
      {filter}
      {shown.length === 0 ? (
        <Text c="dimmed">
          <Trans id="admin.list.empty">Nothing to show.</Trans>
        </Text>
      ) : (
        shown.map(({ promo, options }) => <RewardCard key={promo.id} promo={promo} options={options} canWrite={canWrite} />)
      )}
    </Stack>
  );
}

function RewardCard({ promo, options, canWrite }: { promo: AdminPromo; options: AdminRewardOption[]; canWrite: boolean }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-reward">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start">
                <Group gap="xs" flex="1 1 15rem">
                  <Title order={3} size="h5">
                    {localText(promo.title, i18n.locale)}
                  </Title>
                  <ArchivedBadge archived={promo.archived} />
                </Group>
                <Group gap="xs">
                  {canWrite ? <EditToggle promo={promo} open={open} setOpen={setOpen} /> : null}
                  <PromoArchiveToggle promo={promo} canWrite={canWrite} />
                  {canWrite ? <DeletePromo promo={promo} /> : null}
                </Group>
              </Group>
              <EditPromoPanel promo={promo} open={open} setOpen={setOpen} />
              {options.map((option) => (
                <RewardOptionRow key={option.optId} option={option} canWrite={canWrite} />
              ))}
              {canWrite && options.length < 20 ? <AddOption promo={promo} /> : null}
            </Stack>
          </Paper>
  );
}

/** Another option (a label and its price) for an existing reward; its codes are loaded next. */
function AddOption({ promo }: { promo: AdminPromo }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
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
      fields={[
        { key: 'en', label: t({ id: 'admin.field.optionLabelEn', message: 'What the member gets (English)' }), required: true },
        { key: 'es', label: t({ id: 'admin.field.optionLabelEs', message: 'What the member gets (Spanish, optional)' }) },
        { key: 'pips', label: t({ id: 'admin.field.price', message: 'Price in pips' }), kind: 'number', required: true, min: 1, max: 10_000_000 },
        ...limitFields(i18n),
      ]}
      initial={{ en: '', es: '', pips: '', ...limitInitial(null) }}
      onCancel={() => setOpen(false)}
      onSave={(v) => {
        setOpen(false);
        send({ kind: 'addRewardOption', input: { id: promo.id, label: bilingual(String(v.en), String(v.es)), pips: Number(v.pips), limit: limitFromValues(v) } });
      }}
    />
  );
}

function RewardOptionRow({ option, canWrite }: { option: AdminRewardOption; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const preview = useSelector(actor, selectPreview);
  const previewHere = preview?.request.kind === 'importCodes' && preview.request.input.id === option.optId;
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
          fields={[
            { key: 'en', label: t({ id: 'admin.field.optionLabelEn', message: 'What the member gets (English)' }), required: true },
            { key: 'es', label: t({ id: 'admin.field.optionLabelEs', message: 'What the member gets (Spanish, optional)' }) },
            { key: 'pips', label: t({ id: 'admin.field.price', message: 'Price in pips' }), kind: 'number', required: true, min: 1, max: 10_000_000 },
            ...limitFields(i18n),
          ]}
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

/** Codes from a CSV file or pasted, previewed (what will be loaded, what skipped and why), then loaded. */
function ImportCodes({ option, preview }: { option: AdminRewardOption; preview: AdminCodeImportResult | null }) {
  const { t, i18n } = useLingui();
  const actor = useConsole();
  const { writing, send } = useWrite();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  /** The line of the text the first code is on: the preview names a skipped code by its line. */
  const [firstLine, setFirstLine] = useState(1);
  const [error, setError] = useState<string | undefined>();

  const previewCodes = async (e: FormEvent) => {
    e.preventDefault();
    const text = [file ? await file.text() : '', pasted].filter(Boolean).join('\n');
    const { codes: found, firstLine: first } = csvCodes(text);
    if (found.length === 0) return setError(i18n._(fieldErrors.noCodes));
    if (found.length > MAX_CODES) return setError(i18n._(fieldErrors.tooManyCodes));
    setError(undefined);
    setCodes(found);
    setFirstLine(first);
    send({ kind: 'importCodes', input: { id: option.optId, codes: found }, preview: true });
  };

  if (preview) {
    const count = preview.imported;
    const skipped = preview.skipped.length;
    return (
      <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)" aria-live="polite">
        <Stack gap="xs">
          <Text fw={600}>
            <Trans id="admin.import.preview">
              Preview: {count} codes will be loaded, {skipped} skipped.
            </Trans>
          </Text>
          {skipped > 0 ? (
            <Table>
              <TableHead
                columns={[
                  <Trans key="admin.import.line" id="admin.import.line">Line</Trans>,
                  <Trans key="admin.import.code" id="admin.import.code">Code</Trans>,
                  <Trans key="admin.import.why" id="admin.import.why">Skipped because</Trans>,
                ]}
              />
              <Table.Tbody>
                {preview.skipped.map((row, i) => (
                  <Table.Tr key={i}>
                    {/* The server numbers the codes sent from 1; the operator reads lines of the file. */}
                    <Table.Td>{row.line + firstLine - 1}</Table.Td>
                    <Table.Td>{row.code || '—'}</Table.Td>
                    <Table.Td>{skipWhy(i18n, row)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          <Group>
            <Button size="sm" loading={writing} disabled={count === 0}
              onClick={() => send({ kind: 'importCodes', input: { id: option.optId, codes } })}>
              <Plural id="admin.import.apply" value={count} one="Load # code" other="Load # codes" />
            </Button>
            <Button size="sm" variant="default" onClick={() => actor.send({ type: 'user.discardPreview' })}>
              <Trans id="admin.import.cancel">Cancel</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" radius="sm" component="form" onSubmit={previewCodes} noValidate>
      <Stack gap="xs">
        <FileField
          label={t({ id: 'admin.import.file', message: 'CSV file of codes (one per line; the first column is used)' })}
          accept=".csv,.txt,text/csv,text/plain"
          value={file}
          onChange={(f) => { setFile(f); setError(undefined); }}
          clearable
          error={error}
        />
        <Textarea label={t({ id: 'admin.import.paste', message: 'Or paste the codes, one per line' })} minRows={3}
          value={pasted} onChange={(e) => { setPasted(e.currentTarget.value); setError(undefined); }} />
        <Group>
          <Button type="submit" size="sm" variant="light" loading={writing}>
            <Trans id="admin.import.previewButton">Preview</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface OptionDraft {
  en: string;
  es: string;
  pips: number | string;
  /** The per-member limit's fields (empty count: none). */
  limitCount: number | string;
  limitPeriod: string;
}

function NewReward() {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [en, setEn] = useState('');
  const [es, setEs] = useState('');
  const [url, setUrl] = useState('');
  const [options, setOptions] = useState<OptionDraft[]>([{ en: '', es: '', pips: 500, limitCount: '', limitPeriod: 'ever' }]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const setOption = (i: number, change: Partial<OptionDraft>) => {
    setOptions((list) => list.map((o, j) => (j === i ? { ...o, ...change } : o)));
    setErrors((x) => ({ ...x, [`label${i}`]: undefined, [`pips${i}`]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string | undefined> = {
      title: en.trim() ? undefined : i18n._(fieldErrors.titleRequired),
      url: !url.trim() || HTTPS.test(url.trim()) ? undefined : i18n._(fieldErrors.httpsUrl),
    };
    options.forEach((o, i) => {
      found[`label${i}`] = o.en.trim() ? undefined : i18n._(fieldErrors.labelRequired);
      found[`pips${i}`] = Number.isInteger(o.pips) && Number(o.pips) >= 1 && Number(o.pips) <= 10_000_000 ? undefined : say(i18n, fieldErrors.pipsRange, { max: '10,000,000' });
      found[`limit${i}`] = o.limitCount === '' || (Number.isInteger(o.limitCount) && Number(o.limitCount) >= 1 && Number(o.limitCount) <= 1000) ? undefined : say(i18n, fieldErrors.range, { min: 1, max: 1000 });
    });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
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
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="new-reward-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="new-reward-title">
          <Trans id="admin.rewards.newTitle">New reward</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t({ id: 'admin.field.titleEn', message: 'Title (English)' })} required value={en} error={errors.title}
            onChange={(e) => { setEn(e.currentTarget.value); setErrors((x) => ({ ...x, title: undefined })); }} />
          <TextInput label={t({ id: 'admin.field.titleEs', message: 'Title (Spanish, optional)' })} value={es} onChange={(e) => setEs(e.currentTarget.value)} />
          <TextInput label={t({ id: 'admin.field.claimUrl', message: 'Where it is claimed (https, optional)' })} value={url} error={errors.url} inputMode="url"
            onChange={(e) => { setUrl(e.currentTarget.value); setErrors((x) => ({ ...x, url: undefined })); }} />
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
        <Group>
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
          <Button type="submit" loading={writing}>
            <Trans id="admin.rewards.create">Create reward</Trans>
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          <Trans id="admin.rewards.codesHint">Load its gift-card codes from a CSV file once it is created.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
