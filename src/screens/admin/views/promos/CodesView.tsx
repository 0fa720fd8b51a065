import { Badge, Button, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountLabel } from '../../accountLabel';
import { useWrite } from '../../consoleContext';
import type { AdminCodePage } from '../../consoleLogic';
import { PagedTable } from '../../PagedTable';
import { BackTo, useDateFormat } from '../../viewParts';

type Code = AdminCodePage['codes'][number];

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
      <PagedTable
        label={t({ id: 'admin.codes.label', message: 'Gift-card codes' })}
        minWidth={560}
        columns={[
          { header: <Trans id="admin.import.code">Code</Trans>, cell: (code) => code.code },
          {
            header: <Trans id="admin.codes.status">Status</Trans>,
            cell: (code) =>
              code.status === 'free' ? (
                <Badge color="teal.9" variant="outline">
                  <Trans id="admin.codes.free">Free</Trans>
                </Badge>
              ) : (
                <Text size="sm">
                  <Trans id="admin.codes.handedOut">
                    Handed out to {accountLabel(i18n, code.email) ?? '—'} on {when(code.handedOutAt ?? 0)}
                  </Trans>
                </Text>
              ),
          },
          ...(canWrite
            ? [
                {
                  header: <Trans id="admin.members.actions">Actions</Trans>,
                  cell: (code: Code) =>
                    code.status === 'free' ? (
                      <Button size="xs" variant="default" disabled={writing} aria-label={t({ id: 'admin.codes.void.label', message: `Void: ${code.code}` })}
                        onClick={() => send({ kind: 'voidCode', input: { id: code.id } })}>
                        <Trans id="admin.codes.void">Void</Trans>
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
        rows={data.codes}
        rowKey={(code) => code.id}
      />
    </Stack>
  );
}
