import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '../../actors/useSelector';
import { useActorRef } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams, useSearchParams } from 'wouter';
import {
  selectCommunities,
  selectCommunity,
  selectConsoleError,
  selectConsolePhase,
  selectConsoleView,
  selectDone,
  selectInvitationResult,
  selectWriteError,
} from '../../../machines/operatorConsole.selectors';
import { CONSOLE_VIEWS, type ConsoleView } from '../../../machines/operatorConsole.types';
import { useSystemApi } from '../../actors/systemApiContext';
import { linkTo, paths } from '../../routing/paths';
import { ScreenLoader } from '../../components/ScreenLoader';
import { useAdminCatalog } from './adminCatalog';
import { errorText, invitationErrorText, roleNames, viewTitles, writeTitles } from './adminMessages';
import { say } from './say';
import { memberHasOnly } from './codeMessages';
import { ConsoleContext, type ConsoleActor } from './consoleContext';
import { readConsoleCommunity } from '../../data/consoleCommunity';
import { operatorConsoleLogic } from './consoleLogic';
import { DoneNotice } from './DoneNotice';
import navClasses from './ConsoleNav.module.css';
import { LoadFailed, Loading } from './viewParts';
import { ViewBody } from './views/ViewBody';

const isView = (value: string | undefined): value is ConsoleView => CONSOLE_VIEWS.includes(value as ConsoleView);

/**
 * The operator console (`/console/:view?`, issue 14), its own chunk: the communities the signed-in
 * account runs, and for the one chosen a dashboard, the earn actions, the rewards with their
 * gift-card codes, the members and the audit log, through the operator API with the account's
 * session. The console machine (machines/operatorConsole.machine.ts) holds what is shown; the
 * view follows the URL, so each view has its own link and the back button works. Opened from an
 * operator invitation's mail (`?invitation=<token>`), it accepts the invitation first and says how
 * that went; the token leaves the address at once (a reload does not send it again).
 */
export default function AdminScreen() {
  const api = useSystemApi();
  const params = useParams<{ view?: string }>();
  const urlView: ConsoleView = isView(params.view) ? params.view : 'dashboard';
  const [search, setSearch] = useSearchParams();
  const [invitation] = useState(() => search.get('invitation') ?? undefined);
  const [logic] = useState(() => operatorConsoleLogic(api));
  const actor = useActorRef(logic, { input: { view: urlView, invitation, lastCommunityId: readConsoleCommunity() } });
  const view = useSelector(actor, selectConsoleView);
  const strings = useAdminCatalog();

  useEffect(() => {
    if (!search.has('invitation')) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invitation');
        return next;
      },
      { replace: true },
    );
  }, [search, setSearch]);

  useEffect(() => {
    if (view !== urlView) actor.send({ type: 'user.openView', view: urlView });
    // the URL leads; the machine's view only follows it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlView]);

  if (!strings) return <ScreenLoader />;
  return (
    <ConsoleContext.Provider value={actor}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          <Trans id="admin.title">Community console</Trans>
        </Title>
        <ConsoleBody actor={actor} />
      </Stack>
    </ConsoleContext.Provider>
  );
}

function ConsoleBody({ actor }: { actor: ConsoleActor }) {
  return (
    <>
      <InvitationNotice actor={actor} />
      <ConsolePhaseBody actor={actor} />
    </>
  );
}

/** How accepting the invitation of the mailed link went: the role now held, or why not. */
function InvitationNotice({ actor }: { actor: ConsoleActor }) {
  const { i18n } = useLingui();
  const result = useSelector(actor, selectInvitationResult);
  if (!result) return null;
  if (result.ok) {
    const { name } = result.value;
    const role = i18n._(roleNames[result.value.role]);
    return (
      <Alert color="teal" role="status" data-testid="invitation-result">
        <Trans id="admin.invitation.accepted">
          Invitation accepted: you are now {role} of {name}.
        </Trans>
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" title={<Trans id="admin.invitation.refused.title">Could not accept the invitation</Trans>} data-testid="invitation-result">
      {say(i18n, invitationErrorText(result.code), { code: result.code })}
    </Alert>
  );
}

function ConsolePhaseBody({ actor }: { actor: ConsoleActor }) {
  const { t } = useLingui();
  const phase = useSelector(actor, selectConsolePhase);
  const error = useSelector(actor, selectConsoleError);
  if (phase === 'accepting') return <Loading label={t({ id: 'admin.invitation.accepting', message: 'Accepting the invitation…' })} />;
  if (phase === 'starting') return <Loading />;
  if (phase === 'notOperator') {
    return (
      <Alert color="gray" title={<Trans id="admin.notOperator.title">You do not run a community</Trans>}>
        <Trans id="admin.notOperator.text">
          This console is for the people who run a community. Ask the community's owner to invite your email address:
          the link in their invitation makes you an operator.
        </Trans>
      </Alert>
    );
  }
  if (phase === 'failed') return <LoadFailed error={error} />;
  return (
    <>
      <CommunityBar actor={actor} />
      <ConsoleNav actor={actor} />
      <Notices actor={actor} />
      <ViewBody actor={actor} />
    </>
  );
}

function CommunityBar({ actor }: { actor: ConsoleActor }) {
  const { i18n, t } = useLingui();
  const communities = useSelector(actor, selectCommunities);
  const community = useSelector(actor, selectCommunity);
  if (!community) return null;
  const role = i18n._(roleNames[community.role]);
  if (communities.length === 1) {
    return (
      <Text c="dimmed">
        <Trans id="admin.community.one">
          {community.name} · your role: {role}
        </Trans>
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label={t({ id: 'admin.community.label', message: 'Community' })}
        data={communities.map((c) => ({ value: c.communityId, label: c.name }))}
        value={community.communityId}
        allowDeselect={false}
        onChange={(value) => value && actor.send({ type: 'user.selectCommunity', communityId: value })}
        w={280}
      />
      <Text c="dimmed" size="sm" pb={8}>
        <Trans id="admin.community.role">Your role: {role}</Trans>
      </Text>
    </Group>
  );
}

function ConsoleNav({ actor }: { actor: ConsoleActor }) {
  const { i18n, t } = useLingui();
  const view = useSelector(actor, selectConsoleView);
  const row = useRef<HTMLDivElement>(null);
  // On a phone's sideways row, the current section in sight (one opened by its address may lie
  // past the row's edge): only the row scrolls, never the page.
  useEffect(() => {
    const box = row.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !current || box.scrollWidth <= box.clientWidth) return;
    const left = current.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    if (left < box.scrollLeft || left + current.offsetWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = left;
  }, [view]);
  return (
    <nav aria-label={t({ id: 'admin.nav.label', message: 'Console' })}>
      <div ref={row} className={navClasses.row} data-testid="console-sections">
        {CONSOLE_VIEWS.map((key) => (
          <Button
            key={key}
            component={Link}
            href={linkTo(paths.admin, key === 'dashboard' ? {} : { view: key })}
            variant={key === view ? 'filled' : 'default'}
            aria-current={key === view ? 'page' : undefined}
            size="sm"
          >
            {i18n._(viewTitles[key])}
          </Button>
        ))}
      </div>
    </nav>
  );
}

function Notices({ actor }: { actor: ConsoleActor }) {
  const { i18n } = useLingui();
  const writeError = useSelector(actor, selectWriteError);
  const done = useSelector(actor, selectDone);
  if (writeError) {
    return (
      <Alert color="red" role="alert" title={i18n._(writeTitles[writeError.kind])}>
        {writeError.code === 'INSUFFICIENT_PIPS' && writeError.detail
          ? say(i18n, memberHasOnly, { pips: Number(writeError.detail) })
          : say(i18n, errorText(writeError.code), { code: writeError.code })}
        {writeError.detail && writeError.code !== 'INSUFFICIENT_PIPS' ? (
          <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
            <Trans id="admin.error.detail">What the server found: {writeError.detail}</Trans>
          </Text>
        ) : null}
      </Alert>
    );
  }
  return done ? <DoneNotice done={done} /> : null;
}
