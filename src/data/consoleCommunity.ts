import { credentialKeys } from './credentials';
import { readStored, writeStored } from './localStore';

/**
 * The community an operator had open in the console, kept per account on this device so the
 * console opens there again (issue 49: it used to open on the first community of the list, and
 * a questionnaire went to the wrong one). Keyed by the signed-in account's id: another operator
 * signing in on the same browser starts from their own.
 */
const keyOf = (userId: string) => `consoleCommunity:${userId}`;

export function readConsoleCommunity(): string | null {
  const userId = readStored(credentialKeys.userId);
  return userId ? readStored(keyOf(userId)) : null;
}

export function storeConsoleCommunity(communityId: string): void {
  const userId = readStored(credentialKeys.userId);
  if (userId && communityId) writeStored(keyOf(userId), communityId);
}
