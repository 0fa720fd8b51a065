import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ScreenKey } from '../routing/routeTable';

/** The screens whose issue has not landed yet, with the feature title each placeholder shows. */
export const comingFeatures = {
  Announcements: msg({ id: 'pages.comingSoon.feature.announcements', message: 'Announcements' }),
  ChanceToWin: msg({ id: 'pages.comingSoon.feature.chanceToWin', message: 'Chance to Win' }),
} satisfies Partial<Record<ScreenKey, MessageDescriptor>>;

export type ComingFeature = keyof typeof comingFeatures;
