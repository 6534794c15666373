import type { ApiRoute, CallInput, CallResult } from '../../shared/api/call-types';
import type { Envelope } from '../../shared/api/envelope';
import type { RouteRef } from '../../shared/api/routes';
import { headerContextValues } from '../../shared/context';
import { httpStatusKey, messageKeyFor, ResultCode } from '../../shared/errors';
import type { Locale } from '../../shared/i18n';
import { uuidv7 } from '../../shared/uuid';

/** HTTP timeout 30000 ms. */
export const HTTP_TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    /** Envelope result code, or null when there was no usable answer. */
    readonly code: number | null,
    /** HTTP status, or null when the server did not respond. */
    readonly status: number | null,
    message: string,
    readonly result: unknown = null,
  ) {
    super(message);
  }
}

/** What a call needs to know about the visitor (cookies, local storage, language). */
export interface ClientIdentity {
  locale: Locale;
  duid: string;
  token?: string;
  userId?: string;
  appChannel?: string;
  lotteryChannel?: number;
  osVersion: string;
}

export interface ApiClientDeps {
  identity: () => ClientIdentity;
  /** Translates an `errors` catalogue key. */
  translate: (key: string, params?: Record<string, string | number>) => string;
  /** Shown for every failure unless the call asks for quiet (spec: toast for errors). */
  onError?: (error: ApiError) => void;
  fetch?: typeof fetch;
  newRequestId?: () => string;
  timeoutMs?: number;
}

/** GET queries omit empty params. */
export function toQuery(input: Record<string, unknown> | undefined): string {
  if (!input) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null || v === '') continue;
    params.append(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The browser's API client: the full header context on every call, JSON bodies, a 30 s timeout,
 * the envelope unwrapped, and every failure turned into a translated ApiError (and a toast).
 */
export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const newId = deps.newRequestId ?? (() => uuidv7());

  /** The route names the contract: input and result types follow from it. */
  async function call<R extends ApiRoute>(
    route: R,
    input?: CallInput<R>,
    opts: { quiet?: boolean; signal?: AbortSignal } = {},
  ): Promise<CallResult<R>> {
    try {
      return (await send(route, input as Record<string, unknown> | undefined, opts.signal)) as CallResult<R>;
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(null, null, deps.translate('noResponse'));
      if (!opts.quiet) deps.onError?.(error);
      throw error;
    }
  }

  async function send(route: RouteRef, input: Record<string, unknown> | undefined, signal?: AbortSignal) {
    const id = deps.identity();
    const headers: Record<string, string> = {
      ...headerContextValues({ ...id, requestId: newId() }),
      accept: 'application/json',
    };
    const isGet = route.method === 'GET';
    if (!isGet) headers['content-type'] = 'application/json';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), deps.timeoutMs ?? HTTP_TIMEOUT_MS);
    signal?.addEventListener('abort', () => controller.abort(signal.reason));

    let response: Response;
    try {
      response = await doFetch(isGet ? route.path + toQuery(input) : route.path, {
        method: route.method,
        headers,
        credentials: 'same-origin',
        signal: controller.signal,
        ...(isGet ? {} : { body: JSON.stringify(input ?? {}) }),
      });
    } catch (err) {
      const timedOut = controller.signal.aborted && (controller.signal.reason as DOMException)?.name === 'TimeoutError';
      throw new ApiError(null, null, deps.translate(timedOut ? 'http.504' : 'noResponse'), err);
    } finally {
      clearTimeout(timer);
    }

    const envelope = await readEnvelope(response);
    if (envelope && envelope.code === ResultCode.success && response.ok) return envelope.result;
    if (envelope && response.status < 500) {
      // Business refusals and parameter errors: the code says what happened. A message with
      // details (`{{name}}`) is only known filled by the server, in the caller's language: its msg.
      // Some codes cover several cases the server words apart (a gift code used, expired or unknown;
      // a redeem code not written like one): its msg says which.
      const own = deps.translate(messageKeyFor(envelope.code));
      const worded = /\{\{\s*\w+\s*\}\}/.test(own) || WORDED_BY_SERVER.has(envelope.code);
      const message = worded && typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : own;
      throw new ApiError(envelope.code, response.status, message, envelope.result);
    }
    throw new ApiError(envelope?.code ?? null, response.status, httpMessage(response.status, deps.translate), envelope?.result);
  }

  return { call };
}
export type ApiClient = ReturnType<typeof createApiClient>;

/** Codes whose answer the server words for the case at hand (see `messageKey` of its refusals). */
const WORDED_BY_SERVER = new Set<number>([ResultCode.parameter, ResultCode.codeError]);

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  try {
    const body = (await response.json()) as Envelope<unknown>;
    return typeof body?.code === 'number' ? body : null;
  } catch {
    return null;
  }
}

/** A message per HTTP status; any other is "connection error" with the status. */
export function httpMessage(status: number, translate: ApiClientDeps['translate']): string {
  const key = httpStatusKey(status);
  return key ? translate(key) : translate('http.other', { status });
}
