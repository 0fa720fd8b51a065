import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useWrite } from '../../consoleContext';
import type { RewardsData } from '../../consoleLogic';
import { placeName } from '../../codeMessages';
import { accountLabel } from '../../accountLabel';

type Group = RewardsData['duplicates'][number];

/**
 * Codes stored more than once before codes were unique (migration 061): each copy with its reward
 * and option, free or handed out. A free copy is never handed out while a twin exists; voiding the
 * free copies resolves a code (its last copy is then an ordinary code). Nothing is dropped by itself.
 */
export function CodeDuplicatesNotice({ groups, canWrite }: { groups: Group[]; canWrite: boolean }) {
  const { t, i18n } = useLingui();
  const { writing, send } = useWrite();
  const count = groups.length;
  return (
    <Alert color="orange" role="status" title={t({ id: 'admin.duplicates.title', message: `${count} gift-card codes are stored more than once` })} data-testid="admin-code-duplicates">
      <Stack gap="xs">
        <Text size="sm">
          <Trans id="admin.duplicates.explain">
            They were loaded into two options before codes were unique. A free copy is never handed out while its twin exists: void the
            free copies you do not want, and the last copy becomes an ordinary code again.
          </Trans>
        </Text>
        {groups.map((group) => (
          <Stack key={group.code} gap={2}>
            <Text fw={600} ff="monospace">
              {group.code}
            </Text>
            <List size="sm" spacing={2}>
              {group.copies.map((copy, i) => {
                const where = copy.place ? placeName(i18n, copy.place) : t({ id: 'admin.duplicates.elsewhere', message: 'another community' });
                const when = copy.handedOutAt ? new Date(copy.handedOutAt).toLocaleString(i18n.locale) : '';
                const who = accountLabel(i18n, copy.email) ?? (copy.userId ? `#${copy.userId}` : '');
                return (
                  <List.Item key={copy.codeId ?? `elsewhere-${i}`}>
                    {copy.status === 'free' ? (
                      <Trans id="admin.duplicates.free">{where}: free</Trans>
                    ) : (
                      <Trans id="admin.duplicates.handedOut">
                        {where}: handed out {when} to {who}
                      </Trans>
                    )}{' '}
                    {canWrite && copy.status === 'free' && copy.codeId !== null ? (
                      <Button size="compact-xs" variant="light" color="red" loading={writing}
                        aria-label={t({ id: 'admin.duplicates.void.label', message: `Void this copy of ${group.code} in ${where}` })}
                        onClick={() => send({ kind: 'voidCode', input: { id: copy.codeId } })}>
                        <Trans id="admin.duplicates.void">Void this copy</Trans>
                      </Button>
                    ) : null}
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
