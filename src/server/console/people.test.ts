import { describe, expect, it } from 'vitest';
import { deviceOf } from './people';

describe('a session device, from its user agent', () => {
  it('names the app and system, and falls back to the start of an unknown agent', () => {
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0.40')).toBe(
      'WeChat · iOS',
    );
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0')).toBe(
      'Edge · Windows',
    );
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36')).toBe('Chrome · Android');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe(
      'Safari · macOS',
    );
    expect(deviceOf('curl/8.4.0')).toBe('curl/8.4.0');
    expect(deviceOf('')).toBe('');
  });
});
