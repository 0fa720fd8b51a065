import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fieldErrors } from '../../adminMessages';
import { useWrite } from '../../consoleContext';
import type { CommunityData } from '../../consoleLogic';
import { ArchivedBadge, ArchiveToggle, DeleteButton, EditButton, EditForm, type EditValues } from '../../EditForm';
import { httpsUrlProblem } from '../../formParts';
import { EMAIL, Operators } from './OperatorsPanel';

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
    const badUrl = httpsUrlProblem(i18n, url);
    if (badUrl) found.url = badUrl;
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
