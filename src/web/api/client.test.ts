import { describe, expect, it, vi } from 'vitest';
import { SYSTEM_API } from '../../shared/api/routes';
import { HEADER } from '../../shared/context';
import { ApiError, createApiClient, httpMessage, toQuery } from './client';

const translate = (key: string, params?: Record<string, string | number>) => (params ? `${key}:${JSON.stringify(params)}` : key);
const identity = () => ({ locale: 'zh-CN' as const, duid: 'd-1', token: 'tok', userId: '42', osVersion: 'Linux' });
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(fetchImpl: typeof fetch, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  const onError = vi.fn();
  const api = createApiClient({ identity, translate, onError, fetch: fetchImpl, newRequestId: () => 'req-1', ...extra });
  return { api, onError };
}

describe('API client', () => {
  it('sends the full header context and a JSON body, and unwraps the envelope', async () => {
    const fetchImpl = vi.fn(async () => json({ code: 0, msg: 'ok', result: { echo: 'hi', at: 'now' } }));
    const { api } = client(fetchImpl as unknown as typeof fetch);
    const result = await api.call(SYSTEM_API.ping, { message: 'hi' });
    expect(result).toEqual({ echo: 'hi', at: 'now' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/cxy/v2/system/ping');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"message":"hi"}');
    const h = init.headers as Record<string, string>;
    expect(h).toMatchObject({
      [HEADER.platform]: '4',
      [HEADER.duid]: 'd-1',
      [HEADER.requestId]: 'req-1',
      [HEADER.token]: 'tok',
      [HEADER.userId]: '42',
      [HEADER.languageCode]: '1',
      [HEADER.lotteryChannel]: '1',
      [HEADER.appId]: 'creality_model',
      'content-type': 'application/json',
    });
  });

  it('omits empty GET parameters', async () => {
    expect(toQuery({ a: 1, b: '', c: undefined, d: null, e: 0, f: 'x y' })).toBe('?a=1&e=0&f=x+y');
    expect(toQuery({})).toBe('');
    const fetchImpl = vi.fn(async () => json({ code: 0, msg: '', result: null }));
    const { api } = client(fetchImpl as unknown as typeof fetch);
    await api.call({ method: 'GET', path: '/api/x' } as never, { page: 1, volumeCode: '' } as never);
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe('/api/x?page=1');
  });

  it('turns a business refusal into a translated error and a toast', async () => {
    const { api, onError } = client((async () => json({ code: 3001, msg: 'You have 0 draws.', result: null })) as unknown as typeof fetch);
    const err = await api.call(SYSTEM_API.context).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 3001, status: 200, message: 'noDraws' });
    expect(onError).toHaveBeenCalledWith(err);
  });

  it('takes the msg of the server when the translated message has details only the server knows', async () => {
    const withDetails = (key: string) => (key === 'outOfStock' ? 'Not enough stock left: {{name}}.' : key);
    const { api } = client(
      (async () => json({ code: 3802, msg: 'Not enough stock left: PLA.', result: null })) as unknown as typeof fetch,
      { translate: withDetails },
    );
    expect(await api.call(SYSTEM_API.context).catch((e) => e)).toMatchObject({ code: 3802, message: 'Not enough stock left: PLA.' });
  });

  it('explains each HTTP status the product names, and others as a connection error', async () => {
    for (const status of [400, 401, 403, 404, 405, 408, 500, 501, 502, 503, 504, 505]) {
      const { api } = client(
        (async () => new Response('<html>proxy</html>', { status, headers: { 'content-type': 'text/html' } })) as unknown as typeof fetch,
      );
      const err = await api.call(SYSTEM_API.context).catch((e) => e);
      expect(err).toMatchObject({ status, message: `http.${status}` });
    }
    const { api } = client((async () => new Response('', { status: 418 })) as unknown as typeof fetch);
    expect(await api.call(SYSTEM_API.context).catch((e) => e.message)).toBe('http.other:{"status":418}');
    expect(httpMessage(599, translate)).toBe('http.other:{"status":599}');
  });

  it('uses the envelope code of a transport refusal when there is one', async () => {
    const { api } = client((async () => json({ code: 1001, msg: 'Data not found', result: null }, 404)) as unknown as typeof fetch);
    expect(await api.call(SYSTEM_API.context).catch((e) => e)).toMatchObject({ code: 1001, status: 404, message: 'notFound' });
  });

  it("shows the server's words for codes that cover several cases (which field, which code refusal)", async () => {
    for (const [code, msg] of [
      [3007, 'This gift code has already been used.'],
      [1, 'A redeem code is 12 letters and digits from 2 to 9: check it and try again.'],
    ] as const) {
      const { api } = client((async () => json({ code, msg, result: null })) as unknown as typeof fetch);
      expect(await api.call(SYSTEM_API.context).catch((e) => e)).toMatchObject({ code, message: msg });
    }
    // Without words from the server, the code's own message.
    const { api } = client((async () => json({ code: 3007, msg: '', result: null })) as unknown as typeof fetch);
    expect(await api.call(SYSTEM_API.context).catch((e) => e.message)).toBe('codeError');
  });

  it('reports no response when the network fails', async () => {
    const { api, onError } = client((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    const err = await api.call(SYSTEM_API.context).catch((e) => e);
    expect(err).toMatchObject({ code: null, status: null, message: 'noResponse' });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('gives up after the timeout (30 s by default) with a network-timeout message', async () => {
    const never = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as unknown as typeof fetch;
    const { api } = client(never, { timeoutMs: 20 });
    expect(await api.call(SYSTEM_API.context).catch((e) => e.message)).toBe('http.504');
  });

  it('stays quiet when asked', async () => {
    const { api, onError } = client((async () => json({ code: 1001, msg: '', result: null })) as unknown as typeof fetch);
    await api.call(SYSTEM_API.context, undefined, { quiet: true }).catch(() => {});
    expect(onError).not.toHaveBeenCalled();
  });
});
