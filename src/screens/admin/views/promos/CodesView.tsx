import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountLabel } from '../../accountLabel';
import { useWrite } from '../../consoleContext';
import type { AdminCodePage } from '../../consoleLogic';
import { BackTo, DataTable, useDateFormat } from '../../viewParts';

/**
 * One reward option's gift-card codes: free ones (which may be voided) and the ones handed out.
 * A viewer gets them masked by the server (`••••••1234`), so the page holds nothing to copy.
 */
export function CodesView({ data, canWrite }: { data: AdminCodePage; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const when = useDateFormat();
  const total = data.total;
  return (
    <Stack gap="md">
      <BackTo view="rewards">
        <Trans id="admin.codes.back">← All rewards</Trans>
      </BackTo>
      <Text>
        <Trans id="admin.codes.count">{total} codes loaded in all.</Trans>
      </Text>
      <Text size="sm" c="dimmed" data-testid="codes-privacy">
        {data.masked ? (
          <Trans id="admin.codes.masked">Your role shows only the last 4 characters of each code. Owners and editors see them whole.</Trans>
        ) : (
          <Trans id="admin.codes.audited">The codes are shown whole to owners and editors; each time, the audit log records who read how many.</Trans>
        )}
      </Text>
      <DataTable
        label={t({ id: 'admin.codes.label', message: 'Gift-card codes' })}
        minWidth={560}
        striped
        columns={[
          <Trans key="admin.import.code" id="admin.import.code">Code</Trans>,
          <Trans key="admin.codes.status" id="admin.codes.status">Status</Trans>,
          ...(canWrite ? [<Trans key="admin.members.actions" id="admin.members.actions">Actions</Trans>] : []),
        ]}
      >
        {data.codes.map((code) => (
          <Table.Tr key={code.id}>
            <Table.Td>{code.code}</Table.Td>
            <Table.Td>
              {code.status === 'free' ? (
                <Badge color="teal.9" variant="outline">
                  <Trans id="admin.codes.free">Free</Trans>
                </Badge>
              ) : (
                <Text size="sm">
                  <Trans id="admin.codes.handedOut">
                    Handed out to {accountLabel(i18n, code.email) ?? '—'} on {when(code.handedOutAt ?? 0)}
                  </Trans>
                </Text>
              )}
            </Table.Td>
            {canWrite ? (
              <Table.Td>
                {code.status === 'free' ? (
                  <Button size="xs" variant="default" disabled={writing} aria-label={t({ id: 'admin.codes.void.label', message: `Void: ${code.code}` })}
                    onClick={() => send({ kind: 'voidCode', input: { id: code.id } })}>
                    <Trans id="admin.codes.void">Void</Trans>
                  </Button>
                ) : null}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
