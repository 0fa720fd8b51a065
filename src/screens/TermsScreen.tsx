import { List, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/**
 * Terms of use (/terms, open to everyone): what a member agrees to with the sign-up form's terms
 * checkbox, which links here. The program's own terms; a community may add its own rules to its
 * rewards (each reward's terms).
 */
export default function TermsScreen() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        <Trans id="pages.terms.title">Terms and conditions</Trans>
      </Title>
      <Text c="dimmed">
        <Trans id="pages.terms.intro">
          These terms apply to everyone who creates an account with pips, the rewards app of your community.
        </Trans>
      </Text>
      <Title order={2} size="h4">
        <Trans id="pages.terms.pipsTitle">Pips and rewards</Trans>
      </Title>
      <List spacing="xs">
        <List.Item>
          <Trans id="pages.terms.pipsValue">Pips are points of your community's program: they have no cash value and cannot be sold or transferred.</Trans>
        </List.Item>
        <List.Item>
          <Trans id="pages.terms.pipsOnce">Each way to earn pays as its card says (once, once a day, or each time); the community may end an action or a reward at any time.</Trans>
        </List.Item>
        <List.Item>
          <Trans id="pages.terms.rewards">A reward's own terms (shown with the reward) say how and until when its code can be used.</Trans>
        </List.Item>
        <List.Item>
          <Trans id="pages.terms.fairPlay">Pips earned by mistake or by abuse may be taken back by the community, with a note in your Activity.</Trans>
        </List.Item>
      </List>
      <Title order={2} size="h4">
        <Trans id="pages.terms.accountTitle">Your account and your data</Trans>
      </Title>
      <List spacing="xs">
        <List.Item>
          <Trans id="pages.terms.accountAge">Members under 18 need the permission of a parent or guardian.</Trans>
        </List.Item>
        <List.Item>
          <Trans id="pages.terms.data">Your community sees your name, email address, phone (if you give it) and your pips, to run the program and to reach you about it.</Trans>
        </List.Item>
        <List.Item>
          <Trans id="pages.terms.delete">You can delete your account at any time under Profile: your personal data is removed and your unused pips are lost.</Trans>
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        <Trans id="pages.terms.questions">Questions about these terms? Use Help and support to reach the people who run your community.</Trans>
      </Text>
    </Stack>
  );
}
