import { Code, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../components/TableHead';
import { TableFrame } from './TableFrame';
import type { AdminAuditPage } from './consoleLogic';

const brief = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** Every operator write of the community, newest first: who, what, when, before and after. */
export function AuditView({ page }: { page: AdminAuditPage }) {
  const { i18n, t } = useLingui();
  if (page.entries.length === 0) {
    return (
      <Text c="dimmed">
        <Trans id="admin.audit.empty">No operator has changed anything yet.</Trans>
      </Text>
    );
  }
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <TableFrame label={t({ id: 'admin.view.audit', message: 'Audit log' })} minWidth={720}>
      <Table striped>
        <TableHead
          columns={[
            <Trans key="admin.audit.when" id="admin.audit.when">When</Trans>,
            <Trans key="admin.audit.who" id="admin.audit.who">Who</Trans>,
            <Trans key="admin.audit.what" id="admin.audit.what">What</Trans>,
            <Trans key="admin.audit.item" id="admin.audit.item">Item</Trans>,
            <Trans key="admin.audit.change" id="admin.audit.change">Change</Trans>,
          ]}
        />
        <Table.Tbody>
          {page.entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{when.format(new Date(entry.at))}</Table.Td>
              <Table.Td>{entry.operator ?? '—'}</Table.Td>
              <Table.Td>{entry.action}</Table.Td>
              <Table.Td>
                {entry.entity} #{entry.entityId}
              </Table.Td>
              <Table.Td>
                {entry.before ? <Code>{brief(entry.before)}</Code> : null}
                {entry.before ? ' → ' : null}
                <Code>{brief(entry.after)}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
