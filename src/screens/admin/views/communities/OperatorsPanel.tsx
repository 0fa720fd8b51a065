import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountLabel } from '../../accountLabel';
import { fieldErrors, roleNames } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { CommunityData } from '../../consoleLogic';
import { DataTable } from '../../viewParts';
import { InvitationsPanel } from './InvitationsPanel';

/** An e-mail address as the server takes it. */
export const EMAIL = /^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

type Role = 'owner' | 'editor' | 'viewer';

/**
 * Who runs the community: the operators and their roles. Owners invite an email address to a role
 * (or to another one; it applies once accepted), see the invitations pending, and take roles away.
 */
export function Operators({ operators, invitations, owner }: { operators: CommunityData['operators']; invitations: CommunityData['invitations']; owner: boolean }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const [error, setError] = useState<string | undefined>();
  const roles = (['owner', 'editor', 'viewer'] as const).map((value) => ({ value, label: i18n._(roleNames[value]) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL.test(email.trim())) return setError(i18n._(fieldErrors.email));
    setError(undefined);
    send({ kind: 'setOperator', input: { email: email.trim(), role } });
    setEmail('');
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <Trans id="admin.operators.title">Operators</Trans>
        </Title>
        <DataTable
          label={t({ id: 'admin.operators.title', message: 'Operators' })}
          minWidth={460}
          columns={[
            <Trans key="admin.operators.email" id="admin.operators.email">Email</Trans>,
            <Trans key="admin.operators.role" id="admin.operators.role">Role</Trans>,
            ...(owner ? [''] : []),
          ]}
        >
          {operators.map((o) => (
            <Table.Tr key={o.userId}>
              <Table.Td>{accountLabel(i18n, o.email)}</Table.Td>
              <Table.Td>{i18n._(roleNames[o.role])}</Table.Td>
              {owner ? (
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" disabled={writing} aria-label={t({ id: 'admin.operators.remove.label', message: `Take the role away from ${o.email}` })}
                    onClick={() => send({ kind: 'removeOperator', input: { userId: o.userId } })}>
                    <Trans id="admin.operators.remove">Take the role away</Trans>
                  </Button>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </DataTable>
        {owner ? <InvitationsPanel invitations={invitations} /> : null}
        {owner ? (
          <form onSubmit={submit} noValidate>
            <Text size="sm" c="dimmed" mb="xs">
              <Trans id="admin.operators.inviteNote">
                An invitation is mailed to the address; the role applies once they accept it, signed in with that address.
              </Trans>
            </Text>
            <Group align="flex-start" gap="sm">
              <TextInput label={t({ id: 'admin.operators.inviteEmail', message: 'Email to invite' })} value={email} error={error} w={300}
                onChange={(e) => { setEmail(e.currentTarget.value); setError(undefined); }} />
              <Select label={t({ id: 'admin.operators.newRole', message: 'Role' })} data={roles} value={role} allowDeselect={false} w={200}
                onChange={(value) => value && setRole(value as Role)} />
              <Button type="submit" variant="light" mt={25} loading={writing}>
                <Trans id="admin.operators.invite">Send the invitation</Trans>
              </Button>
            </Group>
          </form>
        ) : null}
      </Stack>
    </Paper>
  );
}
