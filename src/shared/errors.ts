/**
 * Result codes of the envelope (spec §8) and the product messages of the catalogue, each with a
 * code of its own so clients can act on it and translate it. The message text lives in the
 * `errors` catalogue under the key named here.
 */
export const ResultCode = {
  success: 0,
  parameter: 1,
  token: 4,
  identity: 5,
  notFound: 1001,
  // product messages (spec §8)
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

/** Catalogue key (namespace `errors`) for each result code. */
export const MESSAGE_KEY: Record<ResultCodeValue, string> = {
  0: 'success',
  1: 'parameter',
  4: 'token',
  5: 'identity',
  1001: 'notFound',
  1002: 'noData',
  2001: 'insufficientCoins',
  2002: 'networkError',
  2003: 'copyFailed',
  3001: 'noDraws',
  3002: 'notWon',
  3003: 'drawEnded',
  3004: 'claimFailed',
  3005: 'accountAtRisk',
  3006: 'updateRequired',
  3007: 'codeError',
  400: 'http.400',
  401: 'http.401',
  403: 'http.403',
  404: 'http.404',
  405: 'http.405',
  408: 'http.408',
  413: 'http.413',
  415: 'http.415',
  429: 'http.429',
  500: 'http.500',
  503: 'http.503',
};

/** HTTP statuses the client explains (spec §8); anything else is "connection error" + status. */
export const HTTP_STATUS_KEYS: Record<number, string> = {
  400: 'http.400',
  401: 'http.401',
  403: 'http.403',
  404: 'http.404',
  405: 'http.405',
  408: 'http.408',
  413: 'http.413',
  415: 'http.415',
  429: 'http.429',
  500: 'http.500',
  501: 'http.501',
  502: 'http.502',
  503: 'http.503',
  504: 'http.504',
  505: 'http.505',
};

export const messageKeyFor = (code: number): string => MESSAGE_KEY[code as ResultCodeValue] ?? 'unknown';
