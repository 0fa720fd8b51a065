import type { Kysely, Transaction } from 'kysely';
import { deletedMember } from '../../accountLabels';
import type { Schema } from '../../api/types';
import { writeAudit } from '../../db/repositories/operators/audit';
import { codesOfOption } from '../../db/repositories/operators/codes';
import type { Database, OperatorRole } from '../../db/schema';

/** What stands for the hidden part of a masked code: always six dots, whatever the code's length. */
export const CODE_MASK = '••••••';

/**
 * A gift-card code as a viewer sees it (issue 46): its last 4 characters after the mask
 * (`••••••1234`); a code of 4 characters or fewer is all mask, as its last 4 would be all of it.
 */
export function maskCode(code: string): string {
  const characters = Array.from(code);
  return characters.length <= 4 ? CODE_MASK : CODE_MASK + characters.slice(-4).join('');
}

export interface CodePageRequest {
  operatorId: number;
  communityId: string;
  /** The reader's role in the option's community (already checked to be at least viewer). */
  role: OperatorRole;
  optionId: number;
  status: 'free' | 'handedOut' | undefined;
  page: number;
  size: number;
}

/**
 * A page of an option's gift-card codes by the reader's role: masked for a viewer; whole for
 * owners and editors, whose read leaves one audit row (who, the option, how many codes, when)
 * in the read's own transaction when it gives at least one code.
 */
export async function codePage(db: Kysely<Database>, request: CodePageRequest): Promise<Schema<'AdminCodePage'>> {
  const masked = request.role === 'viewer';
  const read = async (trx: Kysely<Database> | Transaction<Database>): Promise<Schema<'AdminCodePage'>> => {
    const { optionId, status, page, size } = request;
    const { rows, total } = await codesOfOption(trx, optionId, status, size, (page - 1) * size);
    if (!masked && rows.length > 0) {
      await writeAudit(trx, {
        operatorId: request.operatorId,
        communityId: request.communityId,
        action: 'codes.read',
        entity: 'option',
        entityId: optionId,
        before: null,
        // How many codes were read whole, never the codes.
        after: { codes: rows.length, status: status ?? 'all', page },
      });
    }
    return {
      total,
      masked,
      codes: rows.map((row) => ({
        id: row.id,
        code: masked ? maskCode(row.code) : row.code,
        status: row.redemptionId === null ? 'free' : 'handedOut',
        handedOutAt: row.handedOutAt === null ? null : new Date(row.handedOutAt).toISOString(),
        userId: row.userId,
        email: row.userId !== null && row.email === null ? deletedMember(row.userId) : row.email,
      })),
    };
  };
  return masked ? read(db) : db.transaction().execute(read);
}
