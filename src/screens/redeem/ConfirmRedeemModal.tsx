import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import type { ActorRefFrom } from 'xstate';
import type { redemptionMachine } from '../../../machines/redemption.machine';
import { selectCanRetryRedemption, selectIsRedeeming, selectRedemptionError } from '../../../machines/redemption.selectors';
import { redemptionFailureMessage } from './redeemMessages';
import type { RewardOption } from './rewardPrice';
import { formatNumber } from '../../i18n/formatters';
import { useReturnFocus } from '../../components/useReturnFocus';

export interface ConfirmRedeemModalProps {
  opened: boolean;
  redemption: ActorRefFrom<typeof redemptionMachine>;
  rewardTitle: string;
  option: RewardOption;
  /** The member's available pips. */
  balance: number;
}

/**
 * The confirm-redemption dialog: current balance, cost and remaining balance, then
 * Confirm. A failure is told here; a retryable one may be sent again (same idempotency key).
 */
export function ConfirmRedeemModal({ opened, redemption, rewardTitle, option, balance }: ConfirmRedeemModalProps) {
  const { t, i18n } = useLingui();
  const redeeming = useSelector(redemption, selectIsRedeeming);
  const errorCode = useSelector(redemption, selectRedemptionError);
  const canRetry = useSelector(redemption, selectCanRetryRedemption);
  const format = (pips: number) => formatNumber(pips, i18n.locale);
  const remaining = balance - option.pips;
  const optionLabel = option.label;
  const cancel = () => {
    if (!redeeming) redemption.send({ type: 'user.cancel' });
  };
  // It mounts open (its code comes with the first opening): Escape gives the focus back to Redeem.
  useReturnFocus(opened);

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={t({ id: 'pages.redeem.confirm.title', message: 'Confirm redemption' })}
      centered
      closeButtonProps={{ 'aria-label': t({ id: 'pages.redeem.confirm.closeDialog', message: 'Close dialog' }) }}
    >
      <Stack gap="md">
        <Text>
          <Trans id="pages.redeem.confirm.text">
            Redeem <b>{rewardTitle}</b> ({optionLabel})?
          </Trans>
        </Text>
        <Table variant="vertical" withTableBorder>
          <Table.Caption>
            <Trans id="pages.redeem.confirm.caption">Amounts in pips</Trans>
          </Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                <Trans id="pages.redeem.confirm.balance">Current balance</Trans>
              </Table.Th>
              <Table.Td ta="right" data-testid="confirm-balance">
                {format(balance)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                <Trans id="pages.redeem.confirm.cost">Cost</Trans>
              </Table.Th>
              <Table.Td ta="right" data-testid="confirm-cost">
                −{format(option.pips)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                <Trans id="pages.redeem.confirm.remaining">Remaining balance</Trans>
              </Table.Th>
              <Table.Td ta="right" fw={700} data-testid="confirm-remaining">
                {format(remaining)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>

        {errorCode && (
          <Alert color="red" variant="light" role="alert">
            {i18n._(redemptionFailureMessage(errorCode, Math.max(0, option.pips - balance)))}
          </Alert>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={cancel} disabled={redeeming}>
            {errorCode ? <Trans id="pages.redeem.confirm.close">Close</Trans> : <Trans id="pages.redeem.confirm.cancel">Cancel</Trans>}
          </Button>
          {errorCode ? (
            canRetry && (
              <Button onClick={() => redemption.send({ type: 'user.retry' })}>
                <Trans id="pages.redeem.confirm.retry">Try again</Trans>
              </Button>
            )
          ) : (
            <Button onClick={() => redemption.send({ type: 'user.confirm' })} loading={redeeming} data-autofocus>
              <Trans id="pages.redeem.confirm.confirm">Confirm</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
