import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { commonMessages } from './errorMessages';

/**
 * What a screen shows while its chunk, its guard decision or its data is on the way. Standing
 * alone in the main area, it holds back the footer (Shell.module.css).
 */
export function ScreenLoader() {
  const { i18n } = useLingui();
  return (
    <Center mih={240} data-screen-loader>
      <Loader aria-label={i18n._(commonMessages.loading)} />
    </Center>
  );
}
