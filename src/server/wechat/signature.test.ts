import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsapiSignature, newNonce, signJsapi, withoutFragment } from './signature';

// WeChat JS-SDK documentation, appendix 1 (JS-SDK 使用权限签名算法).
const DOC = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
};

describe('JS-SDK signature', () => {
  it("matches WeChat's documented example", () => {
    expect(jsapiSignature(DOC)).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(jsapiSignature({ ...DOC, timestamp: String(DOC.timestamp) })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its #fragment, and otherwise verbatim', () => {
    expect(jsapiSignature({ ...DOC, url: `${DOC.url}#/share?x=1` })).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
    expect(withoutFragment('https://a.example/p?q=%E4%B8%AD#x')).toBe('https://a.example/p?q=%E4%B8%AD');
    // A normalised URL (with the "/" new URL() adds) is another URL to WeChat.
    expect(jsapiSignature({ ...DOC, url: 'http://mp.weixin.qq.com/?params=value' })).not.toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signJsapi returns what wx.config needs, with a fresh nonce and the time in seconds', () => {
    const c = signJsapi('wx1234567890abcdef', DOC.ticket, 'https://a.example/activitys?activeId=1#top', { now: () => 1_700_000_000_999 });
    expect(c.appId).toBe('wx1234567890abcdef');
    expect(c.timestamp).toBe(1_700_000_000);
    expect(c.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    const plain = `jsapi_ticket=${DOC.ticket}&noncestr=${c.nonceStr}&timestamp=1700000000&url=https://a.example/activitys?activeId=1`;
    expect(c.signature).toBe(createHash('sha1').update(plain).digest('hex'));
    expect(
      signJsapi('wx1234567890abcdef', DOC.ticket, DOC.url, { now: () => DOC.timestamp * 1000, nonce: () => DOC.nonceStr }).signature,
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('nonces are letters and digits and do not repeat', () => {
    const nonces = new Set(Array.from({ length: 1000 }, () => newNonce()));
    expect(nonces.size).toBe(1000);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});
