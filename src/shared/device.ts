/** What the download pages need to know about the visitor's device, from the User-Agent. */
export interface Device {
  os: 'ios' | 'android' | 'harmony' | 'desktop';
  /** Inside WeChat, which blocks app-store links and APK downloads. */
  wechat: boolean;
  /** Inside the platform's own app (its webview adds its name to the User-Agent). */
  inApp: boolean;
}

export function detectDevice(ua: string | null | undefined): Device {
  const s = ua ?? '';
  const os: Device['os'] = /OpenHarmony|HarmonyOS/i.test(s)
    ? 'harmony'
    : /Android/i.test(s)
      ? 'android'
      : /iPhone|iPad|iPod/i.test(s)
        ? 'ios'
        : 'desktop';
  return { os, wechat: /MicroMessenger/i.test(s), inApp: /CrealityCloud|creality_model/i.test(s) };
}

/** iPadOS 13+ says "Macintosh"; the browser tells it apart by its touch points. */
export const isIpadOs = (platform: string, maxTouchPoints: number) => platform === 'MacIntel' && maxTouchPoints > 1;

/** The platform app's version from its webview's User-Agent (`CrealityCloud/5.6.0`); null elsewhere. */
export function appVersion(ua: string | null | undefined): string | null {
  return /CrealityCloud\/(\d{1,4}(?:\.\d{1,4}){0,3})/i.exec(ua ?? '')?.[1] ?? null;
}

/** Whether dotted version `v` is older than `min` (missing parts count as 0: 5.6 = 5.6.0). */
export function isOlderVersion(v: string, min: string): boolean {
  const a = v.split('.').map(Number);
  const b = min.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}

/**
 * Old app versions are told to update to join an event. Only the app is checked (a
 * browser has no app version to be old); an empty minimum lets every version in.
 */
export const appTooOld = (ua: string | null | undefined, minAppVersion: string): boolean => {
  const v = appVersion(ua);
  return !!minAppVersion && v !== null && isOlderVersion(v, minAppVersion);
};
