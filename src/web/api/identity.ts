import type { Locale } from '../../shared/i18n';
import type { ClientIdentity } from './client';

const DEVICE_KEY = 'cxy_duid';

/** A device uuid kept in localStorage (a new one if storage is unavailable). */
export function deviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): string {
  try {
    const existing = storage?.getItem(DEVICE_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    storage?.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

export function readCookie(name: string, cookie: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookie.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return undefined;
}

/** "iOS 17.2", "Android 14", else the browser's platform: the header's OS version. */
export function osVersion(ua: string = globalThis.navigator?.userAgent ?? ''): string {
  const ios = /OS (\d+)[_.](\d+)/.exec(ua);
  if (/iPhone|iPad|iPod/.test(ua) && ios) return `iOS ${ios[1]}.${ios[2]}`;
  const android = /Android (\d+(?:\.\d+)?)/.exec(ua);
  if (android) return `Android ${android[1]}`;
  if (/Windows/.test(ua)) return 'Windows';
  if (/Mac OS X/.test(ua)) return 'macOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '';
}

export function browserIdentity(locale: Locale): ClientIdentity {
  const token = readCookie('token');
  const userId = readCookie('userId');
  const appChannel = readCookie('appChannel');
  return {
    locale,
    duid: deviceId(),
    osVersion: osVersion(),
    ...(token ? { token } : {}),
    ...(userId ? { userId } : {}),
    ...(appChannel ? { appChannel } : {}),
  };
}
