import { Box, Code, Paper, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountLabel } from '../../accountLabel';
import type { AdminAuditPage } from '../../consoleLogic';
import { DataTable, useDateFormat } from '../../viewParts';

type AdminAuditEntry = AdminAuditPage['entries'][number];

const brief = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** JSON and e-mail addresses have no spaces to wrap at: they break anywhere rather than widening the page. */
const wraps = { overflowWrap: 'anywhere' } as const;

/** The record's state before (if any) and after the write, each cut to a line's worth. */
function Change({ entry }: { entry: AdminAuditEntry }) {
  return (
    <>
      {entry.before ? <Code style={wraps}>{brief(entry.before)}</Code> : null}
      {entry.before ? ' → ' : null}
      <Code style={wraps}>{brief(entry.after)}</Code>
    </>
  );
}

/**
 * Every operator write of the community, newest first: who, what, when, before and after. A
 * table from the `sm` breakpoint up; on a phone, one card per write, so that nothing scrolls
 * sideways and the date keeps to one line.
 */
export function AuditView({ page }: { page: AdminAuditPage }) {
  const { i18n, t } = useLingui();
  const when = useDateFormat();
  if (page.entries.length === 0) {
    return (
      <Text c="dimmed">
        <Trans id="admin.audit.empty">No operator has changed anything yet.</Trans>
      </Text>
    );
  }
  const label = t({ id: 'admin.view.audit', message: 'Audit log' });
  // What both layouts show of each write, written once.
  const rows = page.entries.map((entry) => ({
    entry,
    at: when(entry.at),
    who: accountLabel(i18n, entry.operator) ?? '—',
    item: `${entry.entity} #${entry.entityId}`,
  }));
  return (
    <>
      <Stack component="ul" gap="sm" hiddenFrom="sm" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }} data-testid="audit-entries">
        {rows.map(({ entry, at, who, item }) => (
          <Paper component="li" key={entry.id} withBorder radius="md" p="sm">
            <Text fw={600}>
              {entry.action}{' '}
              <Text span fw={400} c="dimmed">
                {item}
              </Text>
            </Text>
            <Text size="sm" c="dimmed" data-testid="audit-when">
              {at}
            </Text>
            <Text size="sm" c="dimmed" style={wraps}>
              {who}
            </Text>
            <Text size="sm" mt={6}>
              <Change entry={entry} />
            </Text>
          </Paper>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        <DataTable
          label={label}
          minWidth={720}
          striped
          columns={[
            <Trans key="admin.audit.when" id="admin.audit.when">When</Trans>,
            <Trans key="admin.audit.who" id="admin.audit.who">Who</Trans>,
            <Trans key="admin.audit.what" id="admin.audit.what">What</Trans>,
            <Trans key="admin.audit.item" id="admin.audit.item">Item</Trans>,
            <Trans key="admin.audit.change" id="admin.audit.change">Change</Trans>,
          ]}
        >
          {rows.map(({ entry, at, who, item }) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{at}</Table.Td>
              <Table.Td>{who}</Table.Td>
              <Table.Td>{entry.action}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{item}</Table.Td>
              <Table.Td>
                <Change entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Box>
    </>
  );
}
