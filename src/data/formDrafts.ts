import type { FormValues } from '../forms';
import { readStored, writeStored } from './localStore';

/** Where a member was in a questionnaire: the version it was answered in, the step, the answers. */
export interface StoredFormDraft {
  version: string;
  step: number;
  values: FormValues;
}

/** One key per member and questionnaire: another member on the same device never sees it. */
const keyOf = (userId: number, formId: number) => `pips.formDraft.${userId}.${formId}`;

const isFormValue = (value: unknown) =>
  typeof value === 'string' ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/**
 * The member's draft of this version of the questionnaire, or null (none, another version, or
 * unreadable: the wizard starts over). Only values the inputs could have held are kept.
 */
export function readFormDraft(userId: number, formId: number, version: string): StoredFormDraft | null {
  try {
    const stored: unknown = JSON.parse(readStored(keyOf(userId, formId)) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { version: storedVersion, step, values } = stored as Record<string, unknown>;
    if (storedVersion !== version || !Number.isInteger(step) || !values || typeof values !== 'object') return null;
    const kept = Object.fromEntries(Object.entries(values).filter(([, value]) => isFormValue(value)));
    return { version, step: step as number, values: kept as FormValues };
  } catch {
    return null;
  }
}

export function writeFormDraft(userId: number, formId: number, draft: StoredFormDraft): void {
  writeStored(keyOf(userId, formId), JSON.stringify(draft));
}

export function clearFormDraft(userId: number, formId: number): void {
  writeStored(keyOf(userId, formId), null);
}
