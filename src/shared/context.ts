/**
 * The request header context: sent by the web client and the app's webviews on every
 * call, parsed once per request by the server. Header names follow the platform's own
 * (`__CXY_…_`); proxies must pass underscores in header names (nginx: `underscores_in_headers on`).
 */
import { codeForLocale, isLocale, type Locale, localeForCode } from './i18n';

export const HEADER = {
  osVersion: '__cxy_os_ver_',
  platform: '__cxy_platform_',
  duid: '__cxy_duid_',
  requestId: '__cxy_requestid_',
  token: '__cxy_token_',
  userId: '__cxy_uid_',
  appChannel: '__cxy_app_ch_',
  lotteryChannel: '__cxy_lottery_ch_',
  languageCode: '__cxy_os_lang_',
  appId: '__cxy_app_id_',
} as const;

/** The web's fixed values (platform 4, a fixed app id). */
export const WEB_PLATFORM = 4;
export const APP_ID = 'creality_model';
export const DEFAULT_LOTTERY_CHANNEL = 1;

export interface HeaderContext {
  osVersion: string;
  platform: number;
  /** Device uuid kept in the browser's localStorage; '' when the caller sent none. */
  duid: string;
  requestId: string;
  /** Session token; '' for anonymous callers. */
  token: string;
  /** User id as the caller claims it; only trusted once the token is verified. */
  userId: string;
  appChannel: string;
  lotteryChannel: number;
  locale: Locale;
  appId: string;
}

/** A header value the server refuses with result code 1 (parameter error). */
export interface HeaderProblem {
  header: string;
  reason: 'malformed';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9._~+/=-]{1,512}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SHORT_TEXT = /^[A-Za-z0-9._:/ ()-]{1,64}$/;

export const isUuid = (v: string) => UUID.test(v);

/** Reads one header; repeated headers arrive as arrays and only the first counts. */
export type RawHeaders = Record<string, string | string[] | undefined>;
const first = (h: RawHeaders, name: string): string => {
  const v = h[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

export interface ParseInput {
  headers: RawHeaders;
  cookies: Record<string, string | undefined>;
  /** Locale chosen when neither the header nor the cookie name one (Accept-Language, edition): asked only then. */
  fallbackLocale: () => Locale;
  /** Used when the caller sent no usable request id. */
  newRequestId: () => string;
}

/**
 * Documented defaults, so a missing or odd value never crashes a request:
 * - descriptive values (OS version, platform, device id, app channel, app id) that are malformed
 *   are dropped to their default ('' or 4) — they only label the request;
 * - a request id that is not a uuid is replaced by a fresh one (it is echoed in logs, so it must
 *   not carry arbitrary text);
 * - token and user id that do not have the shape of ours are treated as absent (anonymous);
 * - language: header code (0/1/2/9), then the `lang` cookie, then the fallback;
 * - the lottery channel selects campaigns, so a malformed one is a parameter error (code 1).
 */
export function parseHeaderContext(input: ParseInput): { ctx: HeaderContext; problems: HeaderProblem[] } {
  const { headers: h, cookies } = input;
  const problems: HeaderProblem[] = [];
  const text = (v: string, re: RegExp) => (re.test(v) ? v : '');

  const platformRaw = first(h, HEADER.platform);
  const platform = /^\d{1,2}$/.test(platformRaw) ? Number(platformRaw) : WEB_PLATFORM;

  const requestIdRaw = first(h, HEADER.requestId);
  const requestId = UUID.test(requestIdRaw) ? requestIdRaw.toLowerCase() : input.newRequestId();

  const lotteryRaw = first(h, HEADER.lotteryChannel);
  let lotteryChannel = DEFAULT_LOTTERY_CHANNEL;
  if (lotteryRaw !== '') {
    if (/^\d{1,6}$/.test(lotteryRaw) && Number(lotteryRaw) > 0) lotteryChannel = Number(lotteryRaw);
    else problems.push({ header: HEADER.lotteryChannel, reason: 'malformed' });
  }

  const token = text(first(h, HEADER.token) || (cookies.token ?? ''), TOKEN);
  const userId = text(first(h, HEADER.userId) || (cookies.userId ?? ''), ID);
  const appChannel = text(first(h, HEADER.appChannel) || (cookies.appChannel ?? ''), ID);

  const locale = localeForCode(first(h, HEADER.languageCode)) ?? localeFromCookie(cookies.lang) ?? input.fallbackLocale();

  return {
    ctx: {
      osVersion: text(first(h, HEADER.osVersion), SHORT_TEXT),
      platform,
      duid: text(first(h, HEADER.duid), UUID).toLowerCase(),
      requestId,
      token,
      userId,
      appChannel,
      lotteryChannel,
      locale,
      appId: text(first(h, HEADER.appId), ID),
    },
    problems,
  };
}

function localeFromCookie(v: string | undefined): Locale | undefined {
  return v && isLocale(v) ? v : undefined;
}

/** Header values the web client sends (the server's parser is the reader of these). */
export function headerContextValues(c: {
  osVersion: string;
  duid: string;
  requestId: string;
  token?: string;
  userId?: string;
  appChannel?: string;
  lotteryChannel?: number;
  locale: Locale;
}): Record<string, string> {
  const out: Record<string, string> = {
    [HEADER.osVersion]: c.osVersion,
    [HEADER.platform]: String(WEB_PLATFORM),
    [HEADER.duid]: c.duid,
    [HEADER.requestId]: c.requestId,
    [HEADER.lotteryChannel]: String(c.lotteryChannel ?? DEFAULT_LOTTERY_CHANNEL),
    [HEADER.languageCode]: String(codeForLocale(c.locale)),
    [HEADER.appId]: APP_ID,
  };
  if (c.token) out[HEADER.token] = c.token;
  if (c.userId) out[HEADER.userId] = c.userId;
  if (c.appChannel) out[HEADER.appChannel] = c.appChannel;
  return out;
}
