import type { ReactNode } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../components/TableHead';
import { commonMessages } from '../../components/errorMessages';
import type { ConsoleView } from '../../../machines/operatorConsole.types';
import { errorText } from './adminMessages';
import { useConsole } from './consoleContext';
import { say } from './say';

/*
 * The pieces the console's views share: the loader and the failure (with its retry) in a view's
 * place, a view's empty list, an item's card, a table that scrolls sideways on a phone, the way
 * back from one item to its list, and dates as a view says them.
 */

/** A loader in a view's place, named for screen readers (`label`: by default, "Loading…"). */
export function Loading({ label }: { label?: string }) {
  const { i18n } = useLingui();
  return (
    <Center mih={200}>
      <Loader aria-label={label ?? i18n._(commonMessages.loading)} />
    </Center>
  );
}

/** What went wrong in a view's place (the error's code in words), with a button to try again. */
export function LoadFailed({ error }: { error: string | null }) {
  const { i18n } = useLingui();
  const actor = useConsole();
  return (
    <Alert color="red" role="alert" title={i18n._(commonMessages.somethingWrong)}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{say(i18n, errorText(error ?? 'UNKNOWN_ERROR'), { code: error })}</Text>
        <Button size="xs" variant="light" onClick={() => actor.send({ type: 'user.retry' })}>
          <Trans id="admin.retry">Try again</Trans>
        </Button>
      </Stack>
    </Alert>
  );
}

/** What a view's list says when it holds nothing (or nothing the filter lets through). */
export function EmptyList() {
  return (
    <Text c="dimmed">
      <Trans id="admin.list.empty">Nothing to show.</Trans>
    </Text>
  );
}

/**
 * One item of a view's list: its title and badges, the lines under them (`details`), its
 * buttons on the right (`actions`: none when null, for a role that only reads) and, under it all,
 * what opens from it (`children`: an edit form). `stacked` spaces what is under the header;
 * `actionsWrap` lets a row of buttons wrap instead of staying on one line.
 */
export function ItemCard({
  testId,
  title,
  badges,
  details,
  actions,
  actionsWrap = 'nowrap',
  stacked = false,
  children,
}: {
  testId: string;
  title: string;
  badges: ReactNode;
  details: ReactNode;
  actions?: ReactNode;
  actionsWrap?: 'wrap' | 'nowrap';
  stacked?: boolean;
  children?: ReactNode;
}) {
  const header = (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4} flex="1 1 15rem">
        <Group gap="xs">
          <Text fw={600}>{title}</Text>
          {badges}
        </Group>
        {details}
      </Stack>
      {actions === null || actions === undefined ? null : (
        <Group gap="xs" wrap={actionsWrap}>
          {actions}
        </Group>
      )}
    </Group>
  );
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      {stacked ? (
        <Stack gap="xs">
          {header}
          {children}
        </Stack>
      ) : (
        <>
          {header}
          {children}
        </>
      )}
    </Paper>
  );
}

/**
 * A wide table that scrolls sideways on a phone: a labelled region reachable with the keyboard
 * (Tab, then the arrow keys scroll it), as axe asks of a scrolling area.
 */
export function TableFrame({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

/** A list as a table: its header row and the rows (`children`), in a TableFrame named `label`. */
export function DataTable({
  label,
  minWidth,
  columns,
  striped = false,
  children,
}: {
  label: string;
  minWidth: number;
  columns: readonly ReactNode[];
  striped?: boolean;
  children: ReactNode;
}) {
  return (
    <TableFrame label={label} minWidth={minWidth}>
      <Table striped={striped}>
        <TableHead columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableFrame>
  );
}

/** The way back from one item (a member, an option's codes) to its view's list. */
export function BackTo({ view, children }: { view: Extract<ConsoleView, 'members' | 'rewards'>; children: ReactNode }) {
  const actor = useConsole();
  return (
    <Group>
      <Button variant="subtle" size="compact-sm" onClick={() => actor.send({ type: 'user.openView', view })}>
        {children}
      </Button>
    </Group>
  );
}

/** A moment (an ISO date) as the console's language writes it, with the given parts. */
export function useDateFormat(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) {
  const { i18n } = useLingui();
  const format = new Intl.DateTimeFormat(i18n.locale, options);
  return (iso: string | number) => format.format(new Date(iso));
}
