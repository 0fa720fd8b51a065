/**
 * How operator answers, the CLI and the audit log name a member (issue 46). Operators see the
 * real name and e-mail of the members of their community (they hand the prizes); once an account
 * is deleted, nothing shows its name or e-mail any more, only its id.
 */

/** The name of an account deleted since: its id only. */
export const deletedMember = (userId: number): string => `deleted member #${userId}`;

/** A member's first name and the initial of the last name ("Alexandra M."). */
export const shortName = (firstName: string, lastName: string): string => {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
};
