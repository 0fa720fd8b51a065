import type { Icon } from '@tabler/icons-react';
import IconGift from '@tabler/icons-react/dist/esm/icons/IconGift.mjs';
import IconHistory from '@tabler/icons-react/dist/esm/icons/IconHistory.mjs';
import IconHome from '@tabler/icons-react/dist/esm/icons/IconHome.mjs';
import IconSparkles from '@tabler/icons-react/dist/esm/icons/IconSparkles.mjs';
import IconUserCircle from '@tabler/icons-react/dist/esm/icons/IconUserCircle.mjs';
import type { SectionKey } from '../../routing/sections';

/** One icon per section, the same on the tabs, the header and the Home tiles. */
export const sectionIcons: Record<SectionKey, Icon> = {
  home: IconHome,
  earn: IconSparkles,
  redeem: IconGift,
  activity: IconHistory,
  profile: IconUserCircle,
};
