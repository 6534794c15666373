/**
 * GET calls to WeChat's APIs, shared by web sign-in (wechat/login/provider.ts) and the JS-SDK
 * ticket (jsapi.ts): a timeout that also covers the body, JSON whatever the content type, and
 * failures described without the URL (it carries the app secret or a token).
 */
export type WechatFailure = 'unavailable' | 'provider_error';

export async function wechatGetJson(
  doFetch: typeof fetch,
  url: URL,
  opts: { step: string; timeoutMs: number; fail: (message: string, reason: WechatFailure) => Error },
): Promise<unknown> {
  const { step, timeoutMs, fail } = opts;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let failure: Error | null = null;
  try {
    const res = await doFetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      failure = fail(`WeChat ${step}: HTTP ${res.status}`, res.status >= 500 || res.status === 429 ? 'unavailable' : 'provider_error');
      throw failure;
    }
    const text = await res.text(); // still under the timer: a body can hang too
    try {
      return JSON.parse(text);
    } catch {
      failure = fail(`WeChat ${step}: answer is not JSON`, 'provider_error');
      throw failure;
    }
  } catch (e) {
    if (e === failure) throw e;
    // Only a code or name from the failure: a message may quote the URL.
    const why = controller.signal.aborted ? `no answer within ${timeoutMs} ms` : `request failed (${failureCode(e)})`;
    throw fail(`WeChat ${step}: ${why}`, 'unavailable');
  } finally {
    clearTimeout(timer);
  }
}

/** Removes secrets from text WeChat sent back (an errmsg may quote a parameter). */
export function redact(text: string, secrets: string[]): string {
  return secrets.reduce((t, s) => (s ? t.replaceAll(s, '[redacted]') : t), text);
}

function failureCode(e: unknown): string {
  const cause = (e as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code; // undici: ECONNREFUSED, ENOTFOUND…
  return e instanceof Error ? e.name : 'unknown';
}
