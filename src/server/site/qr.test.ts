import { describe, expect, it } from 'vitest';
import { qrSvg, sameSiteUrl } from './qr';

describe('QR codes', () => {
  it('encode only paths of this site', () => {
    const o = 'https://cloud.example';
    expect(sameSiteUrl(o, '/download?c=stall')).toBe('https://cloud.example/download?c=stall');
    expect(sameSiteUrl(o, 'https://evil.example/')).toBeNull();
    expect(sameSiteUrl(o, '//evil.example/x')).toBeNull();
    expect(sameSiteUrl(o, '/\\evil.example')).toBeNull();
    expect(sameSiteUrl(o, 'javascript:alert(1)')).toBeNull();
    expect(sameSiteUrl(o, null)).toBeNull();
  });
  it('draws an SVG', async () => {
    const svg = await qrSvg('https://cloud.example/download');
    expect(svg).toMatch(/^<svg[^>]+viewBox/);
    expect(svg).not.toContain('<script');
  });
});
