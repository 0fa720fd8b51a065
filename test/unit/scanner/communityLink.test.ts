import { describe, expect, it, vi } from 'vitest';
import type { ApiResult, Community } from '../../../src/api/client';
import { acceptCommunityCode, communityLinkFor, parseCommunityLink } from '../../../src/scanner/communityLink';

describe('parseCommunityLink', () => {
  it.each([
    ['https://pips.example.org/community-scan?communityId=demo', 'demo'],
    ['http://127.0.0.1:8080/community-scan?communityId=Demo_Community-2', 'Demo_Community-2'],
    ['  https://other-host.example/community-scan?communityId=abc&utm_source=poster \n', 'abc'],
    ['HTTPS://PIPS.EXAMPLE.ORG/community-scan?communityId=x#top', 'x'],
    [`https://pips.example.org/community-scan?communityId=${'a'.repeat(64)}`, 'a'.repeat(64)],
  ])('accepts %j', (text, communityId) => {
    expect(parseCommunityLink(text)).toEqual({ ok: true, communityId });
  });

  it.each([
    ['plain text', 'hello world'],
    ['an id alone', 'demo'],
    ['another path', 'https://pips.example.org/signup?communityId=demo'],
    ['a path that only ends like it', 'https://pips.example.org/app/community-scan?communityId=demo'],
    ['a trailing slash', 'https://pips.example.org/community-scan/?communityId=demo'],
    ['the path in the query', 'https://evil.example/?next=/community-scan&communityId=demo'],
    ['no id', 'https://pips.example.org/community-scan'],
    ['an empty id', 'https://pips.example.org/community-scan?communityId='],
    ['two ids', 'https://pips.example.org/community-scan?communityId=a&communityId=b'],
    ['markup in the id', 'https://pips.example.org/community-scan?communityId=%3Cscript%3E'],
    ['a space in the id', 'https://pips.example.org/community-scan?communityId=a%20b'],
    ['a dot in the id', 'https://pips.example.org/community-scan?communityId=a.b'],
    ['an id too long', `https://pips.example.org/community-scan?communityId=${'a'.repeat(65)}`],
    ['a javascript: URL', 'javascript:alert(1)//community-scan?communityId=demo'],
    ['a data: URL', 'data:text/html,/community-scan?communityId=demo'],
    ['an ftp URL', 'ftp://pips.example.org/community-scan?communityId=demo'],
    ['a relative link', '/community-scan?communityId=demo'],
    ['an earn code', 'https://pips.example.org/earn/qr?qrToken=abc'],
    ['empty text', ''],
  ])('refuses %s', (_, text) => {
    expect(parseCommunityLink(text)).toEqual({ ok: false, code: 'NOT_A_COMMUNITY_CODE' });
  });

  it('reads back the links it makes', () => {
    const link = communityLinkFor('demo-1', 'http://127.0.0.1:5173');
    expect(link).toBe('http://127.0.0.1:5173/community-scan?communityId=demo-1');
    expect(parseCommunityLink(link)).toEqual({ ok: true, communityId: 'demo-1' });
    expect(parseCommunityLink(communityLinkFor('<b>', 'https://x.example'))).toEqual({ ok: false, code: 'NOT_A_COMMUNITY_CODE' });
  });
});

describe('acceptCommunityCode', () => {
  const signal = new AbortController().signal;
  const answering = (result: ApiResult<Community>) => vi.fn(async (_id: string, _signal: AbortSignal) => result);

  it('looks the community up and accepts it by name', async () => {
    const lookUp = answering({ success: true, data: { communityId: 'demo', name: 'Demo Community' } });
    await expect(acceptCommunityCode('https://a.example/community-scan?communityId=demo', lookUp, signal)).resolves.toEqual({
      ok: true,
      value: { communityId: 'demo', name: 'Demo Community' },
    });
    expect(lookUp).toHaveBeenCalledWith('demo', signal);
  });

  it('never asks the server about a text that is not a community code', async () => {
    const lookUp = answering({ success: true, data: { communityId: 'x', name: 'X' } });
    await expect(acceptCommunityCode('WIFI:S:home;T:WPA;P:secret;;', lookUp, signal)).resolves.toEqual({ ok: false, code: 'NOT_A_COMMUNITY_CODE' });
    expect(lookUp).not.toHaveBeenCalled();
  });

  it.each(['COMMUNITY_NOT_FOUND', 'NETWORK_ERROR', 'INTERNAL_ERROR'])('refuses with the server code %s', async (code) => {
    const lookUp = answering({ success: false, error: code, message: 'm', statusCode: 404 });
    await expect(acceptCommunityCode('https://a.example/community-scan?communityId=gone', lookUp, signal)).resolves.toEqual({ ok: false, code });
  });
});
