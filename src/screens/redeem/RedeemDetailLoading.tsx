import { Skeleton, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { commonMessages } from '../../components/errorMessages';

/** One reward's screen while its reward (or the screen's own code) is on its way. */
export function RedeemDetailLoading() {
  const { i18n } = useLingui();
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
      <Skeleton h={180} radius="lg" />
      <Skeleton h={28} w="60%" />
      <Skeleton h={60} />
    </Stack>
  );
}
