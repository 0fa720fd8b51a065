import { Anchor, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../components/TableHead';
import { fieldErrors } from './adminMessages';
import { useWrite } from './consoleContext';
import type { CommunityData } from './consoleLogic';
import { roleNames } from './adminMessages';
import { TableFrame } from './viewParts';
import { ArchivedBadge, ArchiveToggle, DeleteButton, EditButton, EditForm, type EditValues } from './EditForm';
import { InvitationsPanel } from './InvitationsPanel';
import { accountLabel } from './accountLabel';

const EMAIL = /^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const PHONE = /^[0-9+(). -]*[0-9][0-9+(). -]*$/;

/**
 * The community's own settings: its name, how members reach its operator (the app's Support
 * screen) and whether it takes new members. Owners change them; editors and viewers read them.
 */
export function CommunityView({ data: { community: data, operators, invitations } }: { data: CommunityData }) {
  const { t, i18n } = useLingui();
  const { send } = useWrite();
  const [editing, setEditing] = useState(false);
  const owner = data.role === 'owner';
  const contact = data.support;
  const { members, name } = data;

  const save = (v: EditValues): Record<string, string> | void => {
    const email = String(v.email).trim();
    const url = String(v.url).trim();
    const phone = String(v.phone).trim();
    const found: Record<string, string> = {};
    if (email && !EMAIL.test(email)) found.email = i18n._(fieldErrors.email);
    if (!email && (url || phone || String(v.textEn).trim() || String(v.textEs).trim())) found.email = i18n._(fieldErrors.email);
    if (url && !/^https:\/\/\S+$/.test(url)) found.url = i18n._(fieldErrors.httpsUrl);
    if (phone && (!PHONE.test(phone) || phone.length > 32)) found.phone = i18n._(fieldErrors.phone);
    if (Object.keys(found).length > 0) return found;
    const [en, es] = [String(v.textEn).trim(), String(v.textEs).trim()];
    setEditing(false);
    send({
      kind: 'updateCommunity',
      input: {
        name: String(v.name).trim(),
        support: email ? { email, url: url || null, phone: phone || null, text: en || es ? { ...(en && { en }), ...(es && { es }) } : null } : null,
      },
    });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" data-testid="admin-community">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4} flex="1 1 15rem">
            <Group gap="xs">
              <Title order={2} size="h4">
                {name}
              </Title>
              <ArchivedBadge archived={data.archived} />
            </Group>
            <Text size="sm" c="dimmed">
              <Trans id="admin.community.summary">
                {members} members · id {data.communityId}
              </Trans>
            </Text>
            {data.archived ? (
              <Text size="sm">
                <Trans id="admin.community.archivedNote">Archived: nobody new can join it; its members go on as before.</Trans>
              </Text>
            ) : null}
          </Stack>
          {owner ? (
            <Group gap="xs" wrap="nowrap">
              <EditButton title={name} open={editing} onToggle={() => setEditing((e) => !e)} />
              <ArchiveToggle
                title={name}
                archived={data.archived}
                onArchive={() => send({ kind: 'updateCommunity', input: { archived: true } })}
                onRestore={() => send({ kind: 'updateCommunity', input: { archived: false } })}
              />
            </Group>
          ) : null}
        </Group>
        {editing ? (
          <EditForm
            fields={[
              { key: 'name', label: t({ id: 'admin.field.communityName', message: 'Community name' }), required: true },
              { key: 'email', label: t({ id: 'admin.field.supportEmail', message: 'Support email (empty: no contact)' }) },
              { key: 'url', label: t({ id: 'admin.field.supportUrl', message: 'Help page (https, optional)' }) },
              { key: 'phone', label: t({ id: 'admin.field.supportPhone', message: 'Phone (optional)' }) },
              { key: 'textEn', label: t({ id: 'admin.field.supportTextEn', message: 'Note for members (English, optional)' }), kind: 'textarea' },
              { key: 'textEs', label: t({ id: 'admin.field.supportTextEs', message: 'Note for members (Spanish, optional)' }), kind: 'textarea' },
            ]}
            initial={{
              name,
              email: contact?.email ?? '',
              url: contact?.url ?? '',
              phone: contact?.phone ?? '',
              textEn: contact?.text?.en ?? '',
              textEs: contact?.text?.es ?? '',
            }}
            onCancel={() => setEditing(false)}
            onSave={save}
          />
        ) : null}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            <Trans id="admin.community.supportTitle">Support contact</Trans>
          </Title>
          {contact ? (
            <>
              <Text size="sm">
                <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
              </Text>
              {contact.url ? (
                <Text size="sm">
                  <Anchor href={contact.url} target="_blank" rel="noreferrer">
                    {contact.url}
                  </Anchor>
                </Text>
              ) : null}
              {contact.phone ? <Text size="sm">{contact.phone}</Text> : null}
              {contact.text?.en ? <Text size="sm">{contact.text.en}</Text> : null}
              {contact.text?.es ? (
                <Text size="sm" lang="es">
                  {contact.text.es}
                </Text>
              ) : null}
              {owner ? (
                <Group>
                  <DeleteButton title={contact.email} onDelete={() => send({ kind: 'updateCommunity', input: { support: null } })} />
                </Group>
              ) : null}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans id="admin.community.noSupport">No contact yet: the app's Support screen says none is set.</Trans>
            </Text>
          )}
        </Stack>
      </Paper>
      <Operators operators={operators} invitations={invitations} owner={owner} />
    </Stack>
  );
}

type Role = 'owner' | 'editor' | 'viewer';

/**
 * Who runs the community: the operators and their roles. Owners invite an email address to a role
 * (or to another one; it applies once accepted), see the invitations pending, and take roles away.
 */
function Operators({ operators, invitations, owner }: { operators: CommunityData['operators']; invitations: CommunityData['invitations']; owner: boolean }) {
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
        <TableFrame label={t({ id: 'admin.operators.title', message: 'Operators' })} minWidth={460}>
          <Table>
            <TableHead
              columns={[
                <Trans key="admin.operators.email" id="admin.operators.email">Email</Trans>,
                <Trans key="admin.operators.role" id="admin.operators.role">Role</Trans>,
                ...(owner ? [''] : []),
              ]}
            />
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </TableFrame>
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
