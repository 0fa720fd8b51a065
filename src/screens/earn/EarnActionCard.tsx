import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { Promo } from '../../api/client';
import { PipsBadge } from '../../components/PipsBadge';
import { PromoImage } from '../../components/PromoImage';
import { safeAppPath } from './appPath';
import { pipsToEarnMessage } from './earnMessages';
import classes from './EarnScreen.module.css';

export interface EarnActionCardProps {
  promo: Promo;
  /** The action named by `/earn/{actionId}`. */
  highlighted: boolean;
  /** This action is being earned. */
  earning: boolean;
  /** Another action is being earned (one at a time). */
  busy: boolean;
  onEarn: (promo: Promo) => void;
}

/**
 * One earn action: what it is, the pips it gives, and what to do: earn it (its page opens in a
 * new tab), go to the app screen where it is completed (it pays when the member does what it
 * asks there: `completedBy`), or answer its questionnaire. An action leading to a screen without
 * a completion is earned with its Earn button, with a link to the screen. An action that cannot
 * be earned now says why ('Earned', 'Come back tomorrow').
 */
export function EarnActionCard({ promo, highlighted, earning, busy, onEarn }: EarnActionCardProps) {
  const { i18n } = useLingui();
  const titleId = `earn-action-${promo.id}-title`;
  const leadsTo = safeAppPath(promo.redirectToInternalScreen);
  // Only an action completed in the app is earned there: any other pays with its Earn button.
  const screen = promo.completedBy ? leadsTo : null;
  const form = safeAppPath(promo.questionnaireUrl);
  const available = promo.available !== false;
  // An action with a questionnaire is earned by answering it (the server pays through the form).
  const answerFirst = !screen && form !== null;

  return (
    <Paper
      component="article"
      id={`earn-action-${promo.id}`}
      aria-labelledby={titleId}
      aria-current={highlighted ? 'true' : undefined}
      data-highlighted={highlighted || undefined}
      data-available={available}
      className={classes.action}
      withBorder
      radius="lg"
      p="md"
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <PromoImage src={promo.imageUrl} width={promo.imageWidth} height={promo.imageHeight} type="EARN" variant="thumb" size={64} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {/* The pips go under the title when the two do not fit side by side (a narrow phone); a
              title word longer than the card (an operator's, without spaces) breaks. */}
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={3} size="h5" id={titleId} style={{ flex: '1 1 8rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              {promo.title}
            </Title>
            <PipsBadge>{i18n._(pipsToEarnMessage(promo.pips))}</PipsBadge>
          </Group>
          {promo.description && (
            <Text size="sm" c="dimmed">
              {promo.description}
            </Text>
          )}
          <Group gap="sm" mt={4}>
            {!available ? (
              <Button disabled variant="light">
                {form ? (
                  <Trans id="pages.earn.alreadyEarned">Earned</Trans>
                ) : promo.limit === 'daily' ? (
                  <Trans id="pages.earn.comeBackTomorrow">Come back tomorrow</Trans>
                ) : promo.limit === 'unlimited' ? (
                  <Trans id="pages.earn.notAvailable">Not available right now</Trans>
                ) : (
                  <Trans id="pages.earn.alreadyEarned">Earned</Trans>
                )}
              </Button>
            ) : screen ? (
              <Button component={Link} href={screen}>
                <Trans id="pages.earn.start">Start</Trans>
              </Button>
            ) : answerFirst ? (
              <Button component={Link} href={form}>
                <Trans id="pages.earn.answerQuestionnaire">Answer the questionnaire</Trans>
              </Button>
            ) : (
              <Button loading={earning} disabled={busy && !earning} onClick={() => onEarn(promo)}>
                <Trans id="pages.earn.earnButton">Earn</Trans>
              </Button>
            )}
            {available && form && !answerFirst && (
              <Anchor component={Link} href={form} size="sm">
                <Trans id="pages.earn.answerQuestionnaire">Answer the questionnaire</Trans>
              </Anchor>
            )}
            {!screen && leadsTo && !form && (
              <Anchor component={Link} href={leadsTo} size="sm">
                <Trans id="pages.earn.goThere">Go there</Trans>
              </Anchor>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
