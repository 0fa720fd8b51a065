import { Suspense, useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { PromoImage } from '../../components/PromoImage';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { selectRedemptionChoice, selectRedemptionDialogOpen } from '../../../machines/redemption.selectors';
import type { Promo } from '../../api/client';
import { useKeyForWrite, useResource, useSystemActor } from '../../actors/hooks';
import { redeemWrite } from '../../actors/redemption';
import { BalanceLine } from './BalanceLine';
import type { ConfirmRedeemModalProps } from './ConfirmRedeemModal';
import { RedeemDetailLoading } from './RedeemDetailLoading';
import { redeemMessages } from './redeemMessages';
import { defaultOption, isInStock, pipsShort, type RewardOption } from './rewardPrice';
import { limitText, limitUsedUp, usedUpText } from './rewardLimit';
import { LoadFailedAlert } from '../../components/LoadNotices';
import { TermsAccordion } from '../../components/TermsAccordion';
import { retryableLazy } from '../../components/retryableLazy';

/**
 * The confirm dialog's code (Mantine's Modal, its overlay and scroll area: about 30 KB gzipped)
 * is its own chunk: asked for once the reward is on screen, and mounted when the dialog first
 * opens (it then stays mounted, so that closing it animates and gives the focus back).
 */
const loadConfirmModal = () => import('./ConfirmRedeemModal');
const ConfirmRedeemModal = retryableLazy<ConfirmRedeemModalProps>(() => loadConfirmModal().then((module) => ({ default: module.ConfirmRedeemModal })));

/** One reward (/redeem/{id}): description, terms, the option to redeem and the Redeem button. */
export function RedeemDetail({ id }: { id: number }) {
  const { i18n } = useLingui();
  const rewards = useResource('redeemPromos');
  const promo = rewards.data?.find((reward) => reward.id === id);

  let body;
  if (promo) body = <RewardDetailBody key={promo.id} promo={promo} />;
  else if (rewards.status === 'failed')
    body = (
      <LoadFailedAlert title={i18n._(redeemMessages.loadError)} onRetry={rewards.reload} />
    );
  else if (rewards.data)
    body = (
      <>
        <Title order={1} size="h2">
          <Trans id="pages.redeem.notFoundTitle">Reward not found</Trans>
        </Title>
        <Text c="dimmed">
          <Trans id="pages.redeem.notFound">This reward is no longer available.</Trans>
        </Text>
      </>
    );
  else body = <RedeemDetailLoading />;

  return (
    <Stack gap="lg">
      {body}
    </Stack>
  );
}

function RewardDetailBody({ promo }: { promo: Promo }) {
  const { i18n } = useLingui();
  const dashboard = useResource('dashboard');
  const balance = dashboard.data?.availablePips;
  const options = promo.options ?? [];
  const [optId, setOptId] = useState<number | undefined>(() => defaultOption(promo)?.optId);
  const option: RewardOption | undefined = options.find((candidate) => candidate.optId === optId);

  // The redemption actor shows the reward in My Rewards once redeemed, and reloads what a failure shows stale.
  const redemption = useSystemActor('redemption');
  const keyForWrite = useKeyForWrite();
  const dialogOpen = useSelector(redemption, (s) => selectRedemptionDialogOpen(s) && selectRedemptionChoice(s)?.pid === promo.id);
  // Leaving the reward closes its dialog (a redemption under way still finishes).
  useEffect(() => () => redemption.send({ type: 'user.cancel' }), [redemption]);
  // The dialog's code, after the reward's first paint (a failed load is asked again when it opens).
  useEffect(() => {
    const timer = setTimeout(() => void loadConfirmModal().catch(() => {}), 0);
    return () => clearTimeout(timer);
  }, []);
  const [dialogMounted, setDialogMounted] = useState(false);
  if (dialogOpen && !dialogMounted) setDialogMounted(true);

  const inStock = isInStock(promo) && Boolean(option?.inStock);
  const short = option ? pipsShort(balance, option.pips) : 0;
  const usedUp = option !== undefined && limitUsedUp(option);
  const canRedeem = inStock && !usedUp && balance !== undefined && short === 0;

  const openConfirmation = () => {
    if (!option) return;
    const idempotencyKey = keyForWrite(redeemWrite(promo.id, option.optId));
    redemption.send({ type: 'user.redeem', pid: promo.id, optId: option.optId, idempotencyKey });
  };

  return (
    <>
      {promo.imageUrl && (
        <PromoImage src={promo.imageUrl} width={promo.imageWidth} height={promo.imageHeight} type="REDEEM" variant="hero" size={240} radius="var(--mantine-radius-lg)" />
      )}
      <Stack gap={6}>
        <Title order={1} size="h2">
          {promo.title}
        </Title>
        {promo.description && <Text>{promo.description}</Text>}
      </Stack>

      <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="redeem-option">
        <Stack gap="md">
          <Title order={2} size="h4" id="redeem-option">
            <Trans id="pages.redeem.chooseOption">Choose an option</Trans>
          </Title>
          {options.length === 0 ? (
            <Badge color="gray" variant="light">
              {i18n._(redeemMessages.outOfStock)}
            </Badge>
          ) : (
            <Radio.Group
              value={optId === undefined ? null : String(optId)}
              onChange={(value) => setOptId(Number(value))}
              aria-labelledby="redeem-option"
            >
              <Stack gap="sm">
                {options.map((candidate) => (
                  <Radio
                    key={candidate.optId}
                    value={String(candidate.optId)}
                    disabled={!candidate.inStock}
                    label={candidate.label}
                    description={[
                      i18n._(redeemMessages.price(candidate.pips)),
                      candidate.limit ? i18n._(limitText(candidate.limit)) : null,
                      candidate.inStock ? null : i18n._(redeemMessages.outOfStock),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}

          <BalanceLine dashboard={dashboard} />
          {usedUp && option?.limit && (
            <Text fw={600} role="status" data-testid="redeem-used-up">
              {i18n._(usedUpText(option.limit))}
            </Text>
          )}
          {inStock && !usedUp && short > 0 && (
            <Text fw={600} role="status" data-testid="redeem-need-more">
              {i18n._(redeemMessages.needMore(short))}
            </Text>
          )}
          {!inStock && options.length > 0 && (
            <Text c="dimmed" role="status">
              {i18n._(redeemMessages.outOfStock)}
            </Text>
          )}
          <Group>
            <Button onClick={openConfirmation} disabled={!canRedeem}>
              <Trans id="pages.redeem.redeem">Redeem</Trans>
            </Button>
          </Group>
        </Stack>
      </Paper>

      {promo.terms && <TermsAccordion terms={promo.terms} />}

      {option && dialogMounted && (
        <Suspense fallback={null}>
          <ConfirmRedeemModal
            opened={dialogOpen}
            redemption={redemption}
            rewardTitle={promo.title}
            option={option}
            balance={balance ?? 0}
          />
        </Suspense>
      )}
    </>
  );
}
