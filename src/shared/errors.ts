/**
 * Result codes of the envelope and the product messages of the catalogue, each with a
 * code of its own so clients can act on it and translate it. The message text lives in the
 * `errors` catalogue under the key named here.
 */
export const ResultCode = {
  success: 0,
  parameter: 1,
  token: 4,
  identity: 5,
  notFound: 1001,
  // product messages
  noData: 1002,
  insufficientCoins: 2001,
  networkError: 2002,
  copyFailed: 2003,
  noDraws: 3001,
  notWon: 3002,
  drawEnded: 3003,
  claimFailed: 3004,
  accountAtRisk: 3005,
  updateRequired: 3006,
  codeError: 3007,
  drawNotStarted: 3008,
  drawRestocking: 3009,
  // accounts
  invalidPhone: 1101,
  invalidEmail: 1102,
  codeFormat: 1103,
  codeInvalid: 1104,
  codeLocked: 1105,
  sendTooSoon: 1106,
  sendLimit: 1107,
  loginFailed: 1108,
  passwordRule: 1109,
  accountBlocked: 1110,
  identityTaken: 1111,
  deliveryFailed: 1112,
  verifyFirst: 1113,
  lastIdentity: 1114,
  externalLoginFailed: 1115,
  wrongPassword: 1116,
  forbiddenRole: 1117,
  passwordLocked: 1118,
  // content import (admin)
  unsupportedFileType: 1201,
  fileTooLarge: 1202,
  invalidGcode: 1203,
  fileKindMismatch: 1204,
  nameTaken: 1205,
  uploadOffset: 1206,
  // content
  followSelf: 1301,
  notYourComment: 1302,
  commentTooFast: 1303,
  // lottery: WeChat JS-SDK signature
  wechatShareNotConfigured: 3121,
  wechatShareUnavailable: 3122,
  // shipping claimed prizes (operator console)
  notClaimedYet: 3131,
  alreadyShipped: 3132,
  notShipped: 3133,
  // gift codes (operator console)
  giftCodeNotVoidable: 3134,
  // reports and moderation
  alreadyReported: 1304,
  moderationStateChanged: 1305,
  // raffle shipping addresses
  addressLimit: 3101,
  // daily check-in
  checkinClosed: 3201,
  invalidTimeZone: 3202,
  // newcomer gift pack
  giftPackClosed: 3203,
  notNewcomer: 3204,
  // invite reward tiers
  tierNotReached: 3301,
  tierClaimed: 3302,
  tierSoldOut: 3303,
  // collection campaigns
  collectionClosed: 3211,
  collectionIncomplete: 3212,
  collectionExchanged: 3213,
  collectionOutOfStock: 3214,
  // university programme
  univerRegistered: 3401,
  studentIdTaken: 3402,
  // free-model funnel
  modelNotFree: 3501,
  downloadLinkInvalid: 3502,
  // photo modelling scan jobs
  photoJobNotFound: 3701,
  photoNotImage: 3702,
  photoTooLarge: 3703,
  photoIndexTaken: 3704,
  photoJobSubmitted: 3705,
  photoRulesUnmet: 3706,
  photoGearTooLow: 3707,
  photoDimensions: 3708,
  photoJobFull: 3709,
  photoQuotaReached: 3710,
  // modeler programme
  modelerRequestNotFound: 3601,
  notYourRequest: 3602,
  requestClosed: 3603,
  contestNotFound: 3604,
  entryNotFound: 3605,
  votingClosed: 3606,
  // WeChat mall
  productUnavailable: 3801,
  outOfStock: 3802,
  cartFull: 3803,
  orderNotFound: 3804,
  orderStateChanged: 3805,
  payUnavailable: 3806,
  payerNeeded: 3807,
  orderExpired: 3808,
  cartEmpty: 3809,
  orderTooLarge: 3810,
  quantityOverLimit: 3811,
  payRefused: 3812,
  // transport failures carried in the envelope together with the HTTP status
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  routeNotFound: 404,
  methodNotAllowed: 405,
  timeout: 408,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  tooManyRequests: 429,
  server: 500,
  unavailable: 503,
} as const;

export type ResultCodeName = keyof typeof ResultCode;
export type ResultCodeValue = (typeof ResultCode)[ResultCodeName];

/**
 * Catalogue key (namespace `errors`) of each product and identity code: its name above (transport
 * codes are keyed by status instead, see messageKeyFor). Derived, so a new code needs one line.
 */
const PRODUCT_KEYS = new Map<number, string>(Object.entries(ResultCode).map(([name, code]) => [code, name]));

/** HTTP statuses the client explains; anything else is "connection error" + status. */
export const EXPLAINED_HTTP_STATUSES = [400, 401, 403, 404, 405, 408, 413, 415, 429, 500, 501, 502, 503, 504, 505] as const;

const isExplainedStatus = (n: number) => (EXPLAINED_HTTP_STATUSES as readonly number[]).includes(n);

/** The message key of a result code: product codes by name, transport codes as `http.<status>`. */
export function messageKeyFor(code: number): string {
  if (isExplainedStatus(code)) return `http.${code}`;
  return PRODUCT_KEYS.get(code) ?? 'unknown';
}

/** The message key of an HTTP status, or undefined when the status has no message of its own. */
export const httpStatusKey = (status: number): string | undefined => (isExplainedStatus(status) ? `http.${status}` : undefined);

/** Every result code the server can answer with (tests check each has a message). */
export const ALL_RESULT_CODES = Object.values(ResultCode);
