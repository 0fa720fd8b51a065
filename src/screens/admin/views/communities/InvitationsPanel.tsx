import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { roleNames } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { AdminInvitation } from '../../consoleLogic';
import { DataTable, useDateFormat } from '../../viewParts';

/**
 * The operator invitations waiting for an answer (owners only): to whom, which role, until when;
 * *Withdraw* makes the mailed link stop working. An accepted one leaves the list for the
 * operators' table.
 */
export function InvitationsPanel({ invitations }: { invitations: AdminInvitation[] }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const when = useDateFormat();
  const label = t({ id: 'admin.invitations.title', message: 'Invitations waiting for an answer' });
  return (
    <Stack gap="xs" data-testid="admin-invitations">
      <Title order={3} size="h5">
        {label}
      </Title>
      {invitations.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans id="admin.invitations.none">None: every invitation was accepted, withdrawn or has expired.</Trans>
        </Text>
      ) : (
        <DataTable
          label={label}
          minWidth={560}
          columns={[
            <Trans key="admin.operators.email" id="admin.operators.email">Email</Trans>,
            <Trans key="admin.operators.role" id="admin.operators.role">Role</Trans>,
            <Trans key="admin.invitations.expires" id="admin.invitations.expires">Link works until</Trans>,
            '',
          ]}
        >
          {invitations.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Table.Td>
              <Table.Td>{i18n._(roleNames[invitation.role])}</Table.Td>
              <Table.Td>{when(invitation.expiresAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={writing}
                  aria-label={t({ id: 'admin.invitations.revoke.label', message: `Withdraw the invitation of ${invitation.email}` })}
                  onClick={() => send({ kind: 'revokeInvitation', input: { id: invitation.id } })}
                >
                  <Trans id="admin.invitations.revoke">Withdraw</Trans>
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
