/**
 * The other campaign families' routes, in a module of their own like the raffle's:
 * only their pages load them.
 */

/** Daily check-in (`/webview/check-in`). */
export const CHECKIN_API = {
  status: { method: 'GET', path: '/api/cxy/v2/checkin/status' },
  checkIn: { method: 'POST', path: '/api/cxy/v2/checkin/checkIn' },
} as const;

/** Joining an activity (`activityId`, `activityType` default 3). */
export const ACTIVITY_API = {
  join: { method: 'POST', path: '/api/cxy/v2/allActivity/join' },
} as const;

/** Gift packs and codes (`/gift-pack`, `/gift-pack2`, `/vip-package`). */
export const GIFTPACK_API = {
  redeem: { method: 'POST', path: '/api/cxy/v2/giftpack/redeem' },
  /** The newcomer gift pack: what it holds and whether the caller can claim it; the claim. */
  newcomer: { method: 'GET', path: '/api/cxy/v2/giftpack/newcomer' },
  claimNewcomer: { method: 'POST', path: '/api/cxy/v2/giftpack/newcomer/claim' },
  /** Staff of the campaign: a batch of codes for one prize of a gift-code campaign. */
  generate: { method: 'POST', path: '/api/rest/lottery/admin/giftcode/generate' },
} as const;

/** Collection campaigns (`/collection`): the set of cards and its exchange for the prize. */
export const COLLECTION_API = {
  status: { method: 'GET', path: '/api/cxy/v2/collection/status' },
  exchange: { method: 'POST', path: '/api/cxy/v2/collection/exchange' },
} as const;

/** Invite-friends campaigns (`/invite-friends`, `/invite-friends2`): the referrer's coins. */
export const INVITE_API = {
  summary: { method: 'GET', path: '/api/cxy/v2/invite/summary' },
  collect: { method: 'POST', path: '/api/cxy/v2/invite/collect' },
  /** One reward tier for enough qualified friends; it ends the referrer's inviting. */
  claimTier: { method: 'POST', path: '/api/cxy/v2/invite/claimTier' },
} as const;
