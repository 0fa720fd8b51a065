import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { List, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import diagrams from 'virtual:machine-diagrams';
import { MachineFigure } from './documentation/MachineFigure';

/** What each lifecycle of the app is, for the diagrams' titles. */
export const machineTitles: Record<string, MessageDescriptor> = {
  app: msg({ id: 'pages.documentation.machine.app', message: 'The app: every lifecycle below, started together' }),
  session: msg({ id: 'pages.documentation.machine.session', message: 'Your session: log in, verify, log out' }),
  verification: msg({ id: 'pages.documentation.machine.verification', message: 'Verifying your email code' }),
  tokenRefresh: msg({ id: 'pages.documentation.machine.tokenRefresh', message: 'Keeping you logged in' }),
  connectivitySync: msg({ id: 'pages.documentation.machine.connectivitySync', message: 'Offline and back online' }),
  queueRun: msg({ id: 'pages.documentation.machine.queueRun', message: 'Sending what was saved offline' }),
  resources: msg({ id: 'pages.documentation.machine.resources', message: 'Your data, saved on this device' }),
  cachedResource: msg({ id: 'pages.documentation.machine.cachedResource', message: 'One list: saved copy first, then the network' }),
  qrScanner: msg({ id: 'pages.documentation.machine.qrScanner', message: 'Scanning a QR code' }),
  earnPipeline: msg({ id: 'pages.documentation.machine.earnPipeline', message: 'Earning the pips of a QR code' }),
  earnAction: msg({ id: 'pages.documentation.machine.earnAction', message: 'Earning from an action' }),
  redemption: msg({ id: 'pages.documentation.machine.redemption', message: 'Redeeming a reward' }),
  formWizard: msg({ id: 'pages.documentation.machine.formWizard', message: 'Answering a questionnaire' }),
  oidcCallback: msg({ id: 'pages.documentation.machine.oidcCallback', message: 'Signing in with Google or Apple' }),
  submission: msg({ id: 'pages.documentation.machine.submission', message: 'Sending an account change' }),
  serviceWorker: msg({ id: 'pages.documentation.machine.serviceWorker', message: 'Updating the app' }),
  installPrompt: msg({ id: 'pages.documentation.machine.installPrompt', message: 'Installing the app' }),
  languageChoice: msg({ id: 'pages.documentation.machine.languageChoice', message: 'Switching the language, also offline' }),
  pendingLogouts: msg({ id: 'pages.documentation.machine.pendingLogouts', message: 'Ending a session logged out offline' }),
  clock: msg({ id: 'pages.documentation.machine.clock', message: 'Keeping times like “5 minutes ago” current' }),
  announcements: msg({ id: 'pages.documentation.machine.announcements', message: 'Your announcements: read, delete, undo on failure' }),
  chanceToWin: msg({ id: 'pages.documentation.machine.chanceToWin', message: 'Chance to Win: your progress and the celebration' }),
  archiveDrawer: msg({ id: 'pages.documentation.machine.archiveDrawer', message: 'The drawer of past contests' }),
  pushNotifications: msg({ id: 'pages.documentation.machine.pushNotifications', message: 'Notifications on this device' }),
  triviaVerification: msg({ id: 'pages.documentation.machine.triviaVerification', message: 'Which trivia contests still have questions' }),
  triviaScan: msg({ id: 'pages.documentation.machine.triviaScan', message: 'Asking the contests for questions, four at a time' }),
  triviaRound: msg({ id: 'pages.documentation.machine.triviaRound', message: 'A trivia round: question, answer, result' }),
  operatorConsole: msg({ id: 'pages.documentation.machine.operatorConsole', message: 'The operator console' }),
};

/**
 * Documentation (open to everyone): help for members, then every lifecycle of the app
 * drawn as a statechart from the machine definitions at build time (ELK layout), for the
 * curious and for designers reading the flows.
 */
export default function DocumentationScreen() {
  const { i18n } = useLingui();
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1} size="h2">
          <Trans id="pages.documentation.title">Documentation</Trans>
        </Title>
        <Text>
          <Trans id="pages.documentation.intro">
            pips rewards you for taking part in your community. Here is what you can do, and how the app behaves.
          </Trans>
        </Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="docs-earn">
        <Title order={2} size="h3" id="docs-earn">
          <Trans id="pages.documentation.earnTitle">Earning pips</Trans>
        </Title>
        <List spacing="xs">
          <List.Item>
            <Trans id="pages.documentation.earnQr">Scan the QR codes your community puts up, with the app's scanner or your phone's camera.</Trans>
          </List.Item>
          <List.Item>
            <Trans id="pages.documentation.earnActions">Complete the actions listed under Earn: some open a page, some are questionnaires.</Trans>
          </List.Item>
          <List.Item>
            <Trans id="pages.documentation.earnPlay">Answer the trivia question of the day, join team contests and reach the Chance to Win threshold.</Trans>
          </List.Item>
        </List>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="docs-redeem">
        <Title order={2} size="h3" id="docs-redeem">
          <Trans id="pages.documentation.redeemTitle">Redeeming rewards</Trans>
        </Title>
        <Text>
          <Trans id="pages.documentation.redeem">
            Under Redeem, choose a reward and confirm: the pips are taken once and the reward's code appears in My Rewards, with its terms.
          </Trans>
        </Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="docs-offline">
        <Title order={2} size="h3" id="docs-offline">
          <Trans id="pages.documentation.offlineTitle">Without a connection</Trans>
        </Title>
        <Text>
          <Trans id="pages.documentation.offline">
            The app keeps what you saw on this device. Scans and questionnaires made offline are saved and sent, exactly once, when you are back online. Rewards can only be redeemed online.
          </Trans>
        </Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="docs-machines">
        <Title order={2} size="h3" id="docs-machines">
          <Trans id="pages.documentation.machinesTitle">How the app works inside</Trans>
        </Title>
        <Text>
          <Trans id="pages.documentation.machinesIntro">
            Each thing the app does is a state machine. These diagrams are drawn from the app's own machine definitions every time it is built: boxes are states, arrows are what moves the app from one to the next. Zoom into a diagram, or read it as a list of states and events.
          </Trans>
        </Text>
        {diagrams.map((diagram) => (
          <MachineFigure key={diagram.id} diagram={diagram} title={machineTitles[diagram.id] ? i18n._(machineTitles[diagram.id]) : diagram.id} />
        ))}
      </Stack>
    </Stack>
  );
}
