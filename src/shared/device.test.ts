import { describe, expect, it } from 'vitest';
import { appTooOld, appVersion, detectDevice, isIpadOs, isOlderVersion } from './device';

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

describe('app versions (old apps are told to update)', () => {
  it('reads the version the app webview puts in its User-Agent', () => {
    expect(appVersion('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 CrealityCloud/5.6.0 Mobile')).toBe('5.6.0');
    expect(appVersion('Mozilla/5.0 (Linux; Android 14) crealitycloud/6.1 Mobile')).toBe('6.1');
    expect(appVersion('Mozilla/5.0 (iPhone) Safari/605.1.15')).toBeNull();
    expect(appVersion(undefined)).toBeNull();
  });
  it('compares dotted versions part by part, missing parts as 0', () => {
    expect(isOlderVersion('5.6.0', '5.10.0')).toBe(true);
    expect(isOlderVersion('5.10', '5.9.9')).toBe(false);
    expect(isOlderVersion('5.6', '5.6.0')).toBe(false);
    expect(isOlderVersion('5.6.0', '5.6.0.1')).toBe(true);
  });
  it('refuses only an app older than the minimum; browsers and an empty minimum pass', () => {
    expect(appTooOld('Mozilla/5.0 CrealityCloud/5.5.9', '5.6.0')).toBe(true);
    expect(appTooOld('Mozilla/5.0 CrealityCloud/5.6.0', '5.6.0')).toBe(false);
    expect(appTooOld('Mozilla/5.0 (iPhone) Safari/605.1.15', '5.6.0')).toBe(false);
    expect(appTooOld('Mozilla/5.0 CrealityCloud/1.0', '')).toBe(false);
  });
});
