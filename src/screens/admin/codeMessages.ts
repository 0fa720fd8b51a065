import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { skipReasons } from './adminMessages';
import type { AdminCodeImportResult, AdminText } from './consoleLogic';
import { localText } from './DoneNotice';

type Skipped = AdminCodeImportResult['skipped'][number];

/** "<reward> · <option>" in the console's language. */
export const placeName = (i18n: I18n, place: { reward: AdminText; option: AdminText }) =>
  `${localText(place.reward, i18n.locale)} · ${localText(place.option, i18n.locale)}`;

/**
 * Why an import skips a line: blank, repeated, or loaded already, naming where when it is this
 * community's ("already loaded for Books · $5 card"; another community is never named).
 */
export function skipWhy(i18n: I18n, row: Skipped): string {
  if (row.reason === 'ALREADY_LOADED' && row.loadedFor) {
    const place = placeName(i18n, row.loadedFor);
    return i18n._(msg({ id: 'admin.import.skip.loadedFor', message: `already loaded for ${place}` }));
  }
  return i18n._(skipReasons[row.reason]);
}

/** An adjustment refused below zero, with the member's balance the server gave. */
export const memberHasOnly = msg({ id: 'admin.error.memberHasOnly', message: 'The member has only {pips, plural, one {# pip} other {# pips}}: a debit cannot take them below zero.' });
