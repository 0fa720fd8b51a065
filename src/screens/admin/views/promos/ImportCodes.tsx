import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Textarea } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../../../components/TableHead';
import { fieldErrors } from '../../adminMessages';
import { skipWhy } from '../../codeMessages';
import { csvCodes, MAX_CODES } from '../../codesCsv';
import { useConsole, useWrite } from '../../consoleContext';
import type { AdminCodeImportResult, AdminRewardOption } from '../../consoleLogic';
import { FileField } from '../../formParts';

/** Codes from a CSV file or pasted, previewed (what will be loaded, what skipped and why), then loaded. */
export function ImportCodes({ option, preview }: { option: AdminRewardOption; preview: AdminCodeImportResult | null }) {
  const { t, i18n } = useLingui();
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

  if (preview) return <ImportPreview option={option} preview={preview} codes={codes} firstLine={firstLine} />;
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

/** What the server would do with the codes: how many it loads, each skipped one with its line and why; then load or cancel. */
function ImportPreview({ option, preview, codes, firstLine }: { option: AdminRewardOption; preview: AdminCodeImportResult; codes: string[]; firstLine: number }) {
  const { i18n } = useLingui();
  const actor = useConsole();
  const { writing, send } = useWrite();
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
