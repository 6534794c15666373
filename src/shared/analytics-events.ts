/**
 * Analytics names, shared by the browser (what it sends) and the collector (what it
 * accepts and how the dashboard reads it). A name starts with a letter, `_` or `$`, then
 * letters, digits, `_` or `$`, at most 100 characters, and is not a reserved word.
 */
export const NAME_PATTERN = /^[a-zA-Z_$][a-zA-Z0-9_$]{0,99}$/;

/**
 * Words the SDK refuses as names (its `regName` check, case-insensitive) plus `device_id`, which
 * Sensors' servers reserve as well.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'date',
  'datetime',
  'device_id',
  'distinct_id',
  'event',
  'events',
  'first_id',
  'id',
  'original_id',
  'properties',
  'second_id',
  'time',
  'user_id',
  'users',
]);

export function isValidName(name: unknown): name is string {
  return typeof name === 'string' && NAME_PATTERN.test(name) && !RESERVED_NAMES.has(name.toLowerCase());
}

/** The events of a campaign's story; `$pageview` and `$SignUp` are the SDK's own. */
export const EVENTS = {
  pageView: '$pageview',
  signUp: '$SignUp',
  sharePageView: 'SharePageView',
  openApp: 'OpenAppClick',
  download: 'DownloadClick',
  loginStart: 'LoginStart',
  loginFinish: 'LoginFinish',
  draw: 'LotteryDraw',
  win: 'LotteryWin',
  claim: 'PrizeClaim',
  inviteShare: 'InviteShare',
  friendJoin: 'FriendJoin',
  codeRedeem: 'CodeRedeem',
  checkIn: 'CheckIn',
} as const;

type Scalar = string | number | boolean;

/** The properties each product event carries (besides the page's campaign and channel). */
export interface EventProps {
  SharePageView: { contentType: string; contentId: string };
  OpenAppClick: { contentType?: string };
  DownloadClick: { platform: 'ios' | 'android' | 'apk' };
  LoginStart: Record<string, never>;
  LoginFinish: { method: 'sheet' | 'wechat'; isNew?: boolean };
  LotteryDraw: { activityId: string; win: boolean };
  LotteryWin: { activityId: string; prizeKind: number };
  PrizeClaim: { activityId?: string };
  InviteShare: { activityId: string; shareMethod: string };
  /** `bound`: the friend counted for the referrer (not yet qualified: that is the coins' release). */
  FriendJoin: { activityId: string; bound: boolean };
  CodeRedeem: { activityId: string; prizeKind: number };
  CheckIn: { activityId: string; streak: number };
}
export type ProductEvent = keyof EventProps;

/** Page-level properties every event carries when known (`c`/`channel` outer-link info, campaign). */
export interface PageProps {
  activityId?: Scalar;
  channel?: string;
}

/** Query parameters that name the campaign a page is about, as the spec's pages spell them. */
export const CAMPAIGN_PARAMS = ['activeId', 'activityId', 'lotteryId'] as const;
