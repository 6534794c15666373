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
