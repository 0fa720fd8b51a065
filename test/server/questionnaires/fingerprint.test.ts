import { describe, expect, it } from 'vitest';
import { answersFingerprint, canonicalJson } from '../../../server/questionnaires/fingerprint';

describe('answers fingerprint', () => {
  it('writes JSON with sorted keys at every depth, keeping array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalJson('é"')).toBe(JSON.stringify('é"'));
  });

  it('is the same for the same answers in any key order, and differs otherwise', () => {
    const one = answersFingerprint({ colour: 'red', sports: ['run', 'bike'] });
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(answersFingerprint({ sports: ['run', 'bike'], colour: 'red' })).toBe(one);
    expect(answersFingerprint({ colour: 'red', sports: ['bike', 'run'] })).not.toBe(one);
    expect(answersFingerprint({ colour: 'blue', sports: ['run', 'bike'] })).not.toBe(one);
  });
});
