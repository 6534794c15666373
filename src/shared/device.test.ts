import { describe, expect, it } from 'vitest';
import { detectDevice, isIpadOs } from './device';

describe('detectDevice', () => {
  it('tells phones, WeChat and desktops apart', () => {
    expect(detectDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toEqual({
      os: 'ios',
      wechat: false,
      inApp: false,
    });
    expect(detectDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36')).toMatchObject({
      os: 'android',
    });
    expect(
      detectDevice('Mozilla/5.0 (Linux; Android 13; V2203A) AppleWebKit/537.36 MicroMessenger/8.0.44.2502 Mobile Safari/537.36'),
    ).toEqual({ os: 'android', wechat: true, inApp: false });
    expect(detectDevice('Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 Mobile')).toMatchObject({ os: 'harmony' });
    expect(detectDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toMatchObject({ os: 'desktop' });
    expect(detectDevice('Mozilla/5.0 (iPhone) CrealityCloud/5.6.0')).toMatchObject({ os: 'ios', inApp: true });
    expect(detectDevice(undefined)).toEqual({ os: 'desktop', wechat: false, inApp: false });
  });
  it('recognises iPadOS that says it is a Mac', () => {
    expect(isIpadOs('MacIntel', 5)).toBe(true);
    expect(isIpadOs('MacIntel', 0)).toBe(false);
  });
});
