import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { accountLabel } from '../../../../src/screens/admin/accountLabel';

describe('accountLabel', () => {
  const spanish = setupI18n({ locale: 'es', messages: { es: { 'admin.deletedMember': 'miembro eliminado n.º {id}' } } });

  it("says the operator API's label of a deleted account in the console's language", () => {
    expect(accountLabel(spanish, 'deleted member #42')).toBe('miembro eliminado n.º 42');
  });

  it('leaves an e-mail, a name or nothing as it is', () => {
    expect(accountLabel(spanish, 'ana@example.org')).toBe('ana@example.org');
    expect(accountLabel(spanish, 'a deleted member #42 of ours')).toBe('a deleted member #42 of ours');
    expect(accountLabel(spanish, null)).toBeNull();
  });
});
