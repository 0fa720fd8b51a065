import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const deletedMember = msg({ id: 'admin.deletedMember', message: 'deleted member #{id}' });

/** How the operator API names an account that was deleted, where it named its e-mail or name (openapi.yaml). */
const DELETED = /^deleted member #(\d+)$/;

/**
 * A name or e-mail the operator API gave for an account, as the console shows it: the label of a
 * deleted account (`deleted member #12`) in the operator's language, anything else as it is.
 */
export function accountLabel(i18n: I18n, text: string): string;
export function accountLabel(i18n: I18n, text: string | null | undefined): string | null | undefined;
export function accountLabel(i18n: I18n, text: string | null | undefined): string | null | undefined {
  const deleted = typeof text === 'string' ? DELETED.exec(text) : null;
  return deleted ? i18n._(deletedMember.id, { id: deleted[1] }) : text;
}
