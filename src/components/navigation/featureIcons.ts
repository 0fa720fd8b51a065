import type { Icon } from '@tabler/icons-react';
import IconBulb from '@tabler/icons-react/dist/esm/icons/IconBulb.mjs';
import IconAward from '@tabler/icons-react/dist/esm/icons/IconAward.mjs';
import IconClipboardList from '@tabler/icons-react/dist/esm/icons/IconClipboardList.mjs';
import IconSpeakerphone from '@tabler/icons-react/dist/esm/icons/IconSpeakerphone.mjs';
import IconTicket from '@tabler/icons-react/dist/esm/icons/IconTicket.mjs';
import IconTrophy from '@tabler/icons-react/dist/esm/icons/IconTrophy.mjs';

/**
 * One icon per screen below the sections, the same on the Home tiles and Earn's cards. A module
 * of its own, apart from `sectionIcons` (the tabs', in the first load), so these stay in the
 * screens' chunks.
 */
export const featureIcons = {
  forms: IconClipboardList,
  rewards: IconTicket,
  announcements: IconSpeakerphone,
  trivia: IconBulb,
  chanceToWin: IconTrophy,
  contests: IconAward,
} satisfies Record<string, Icon>;
