import type { I18n, MessageDescriptor } from '@lingui/core';

/** A message defined with `msg` said with values (its placeholders filled). */
export const say = (i18n: I18n, descriptor: MessageDescriptor, values: Record<string, unknown>): string => i18n._(descriptor.id, values);
