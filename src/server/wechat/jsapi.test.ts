import { afterEach, describe, expect, it } from 'vitest';
import { type JsapiStandIn, startJsapiStandIn } from '../../dev/wechat/jsapi-stand-in';
import { createJsapiTicketProvider, JsapiError, type JsapiTicketProvider } from './jsapi';

const APP_ID = 'wx1234567890abcdef';
const SECRET = 'stand-in-secret-0123456789abcdef';

let wechat: JsapiStandIn | undefined;
afterEach(async () => {
  await wechat?.close();
  wechat = undefined;
});

async function setUp(
  standIn: Partial<Parameters<typeof startJsapiStandIn>[0]> = {},
  opts: Parameters<typeof createJsapiTicketProvider>[1] = {},
): Promise<{ wechat: JsapiStandIn; provider: JsapiTicketProvider }> {
  wechat = await startJsapiStandIn({ appId: APP_ID, appSecret: SECRET, ...standIn });
  const provider = createJsapiTicketProvider({ clientId: 'mp', appId: APP_ID, appSecret: SECRET, apiBase: wechat.url }, opts);
  return { wechat, provider };
}

const paths = (w: JsapiStandIn) => w.requests.map((r) => r.path);
const TOKEN = '/cgi-bin/token';
const TICKET = '/cgi-bin/ticket/getticket';

/** The failure of `p`, checked to hold neither the secret nor any access token WeChat issued. */
async function failure(w: JsapiStandIn, p: Promise<unknown>): Promise<JsapiError> {
  const e = await p.then(
    () => expect.fail('expected the ticket fetch to fail'),
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(JsapiError);
  const err = e as JsapiError;
  const tokens = w.requests.flatMap((r) => (r.query.access_token ? [r.query.access_token] : []));
  for (const hidden of [SECRET, ...tokens]) expect(`${err.message}\n${err.stack}\n${String(err.cause)}`).not.toContain(hidden);
  return err;
}

describe('jsapi_ticket provider', () => {
  it('gets an access token with the app id and secret, then the jsapi ticket with it', async () => {
    const { wechat, provider } = await setUp();
    expect(provider.appId).toBe(APP_ID);
    const ticket = await provider.ticket();
    expect(ticket).toBe(wechat.tickets[0]);
    expect(paths(wechat)).toEqual([TOKEN, TICKET]);
    expect(wechat.requests[0]?.query).toEqual({ grant_type: 'client_credential', appid: APP_ID, secret: SECRET });
    expect(wechat.requests[1]?.query).toMatchObject({ type: 'jsapi' });
    expect(wechat.requests[1]?.query.access_token).toBeTruthy();
  });

  it('caches token and ticket until expires_in minus the margin', async () => {
    let now = 1_700_000_000_000;
    const { wechat, provider } = await setUp({ expiresIn: 7200 }, { now: () => now, marginSeconds: 300 });
    const first = await provider.ticket();
    now += (7200 - 300) * 1000 - 1;
    expect(await provider.ticket()).toBe(first);
    expect(paths(wechat)).toEqual([TOKEN, TICKET]);
    now += 1;
    const second = await provider.ticket();
    expect(second).not.toBe(first);
    expect(second).toBe(wechat.tickets[1]);
    expect(paths(wechat)).toEqual([TOKEN, TICKET, TOKEN, TICKET]);
  });

  it('uses at least half of a lifetime shorter than the margin', async () => {
    let now = 0;
    const { wechat, provider } = await setUp({ expiresIn: 100 }, { now: () => now, marginSeconds: 300 });
    await provider.ticket();
    now = 49_999;
    await provider.ticket();
    expect(wechat.requests).toHaveLength(2);
    now = 50_000;
    await provider.ticket();
    expect(wechat.requests).toHaveLength(4);
  });

  it('concurrent callers share one fetch', async () => {
    const { wechat, provider } = await setUp({ delayMs: 50 });
    const tickets = await Promise.all(Array.from({ length: 20 }, () => provider.ticket()));
    expect(new Set(tickets)).toEqual(new Set([wechat.tickets[0]]));
    expect(paths(wechat)).toEqual([TOKEN, TICKET]);
  });

  it('an errcode is an error naming it, without the secret; failures are not cached', async () => {
    const { wechat, provider } = await setUp();
    wechat.failNext({ errcode: 40164, errmsg: `invalid ip 203.0.113.9, not in whitelist, secret ${SECRET}` });
    const err = await failure(wechat, provider.ticket());
    expect(err.reason).toBe('provider_error');
    expect(err.errcode).toBe(40164);
    expect(err.message).toMatch(/access token: errcode 40164/);
    expect(err.message).toContain('[redacted]');
    // The next call tries again.
    expect(await provider.ticket()).toBe(wechat.tickets[0]);
  });

  it('a wrong secret is a provider error; busy and quota errcodes are "unavailable"', async () => {
    const { wechat, provider } = await setUp();
    const wrong = createJsapiTicketProvider({ clientId: 'mp', appId: APP_ID, appSecret: `${SECRET}x`, apiBase: wechat.url });
    const err = await failure(wechat, wrong.ticket());
    expect([err.reason, err.errcode]).toEqual(['provider_error', 40125]);
    expect(err.message).not.toContain(`${SECRET}x`);

    for (const errcode of [-1, 45009, 45011]) {
      wechat.failNext({ errcode }, TICKET);
      const e = await failure(wechat, provider.ticket());
      expect([e.reason, e.errcode]).toEqual(['unavailable', errcode]);
      expect(e.message).toMatch(/jsapi ticket: errcode/);
    }
    // The token was fetched once and kept while the ticket step failed.
    expect(paths(wechat).filter((p) => p === TOKEN)).toHaveLength(2); // the wrong secret's, and ours
    expect(await provider.ticket()).toBe(wechat.tickets[0]);
  });

  it('when the ticket step refuses the cached access token, gets a new token and tries once more', async () => {
    let now = 0;
    const { wechat, provider } = await setUp({ expiresIn: 7200, ticketExpiresIn: 1000 }, { now: () => now, marginSeconds: 0 });
    await provider.ticket();
    wechat.revokeTokens(); // another server fetched a token: ours is no longer valid
    now = 1000_000; // the ticket is due, the cached token is not
    expect(await provider.ticket()).toBe(wechat.tickets[1]);
    expect(paths(wechat)).toEqual([TOKEN, TICKET, TICKET, TOKEN, TICKET]);

    // Refused again with the new token: an error, not a loop.
    wechat.requests.length = 0;
    now = 2000_000;
    wechat.failNext({ errcode: 40001 }, TICKET);
    wechat.failNext({ errcode: 42001 }, TICKET);
    const err = await failure(wechat, provider.ticket());
    expect([err.reason, err.errcode]).toEqual(['provider_error', 42001]);
    expect(paths(wechat)).toEqual([TICKET, TOKEN, TICKET]);
  });

  it('times out a request that gets no answer', async () => {
    const { wechat, provider } = await setUp({}, { timeoutMs: 200 });
    wechat.failNext('hang');
    const started = Date.now();
    const err = await failure(wechat, provider.ticket());
    expect(Date.now() - started).toBeLessThan(2000);
    expect(err.reason).toBe('unavailable');
    expect(err.message).toBe('WeChat access token: no answer within 200 ms');
  });

  it('HTTP errors, answers that are not JSON and a server that is down', async () => {
    const { wechat, provider } = await setUp();
    wechat.failNext('http500');
    expect((await failure(wechat, provider.ticket())).reason).toBe('unavailable');
    wechat.failNext('garbage', TICKET);
    const garbage = await failure(wechat, provider.ticket());
    expect([garbage.reason, garbage.message]).toEqual(['provider_error', 'WeChat jsapi ticket: answer is not JSON']);
    await wechat.close();
    const down = await failure(
      wechat,
      createJsapiTicketProvider({ clientId: 'mp', appId: APP_ID, appSecret: SECRET, apiBase: wechat.url }).ticket(),
    );
    expect(down.reason).toBe('unavailable');
    expect(down.message).toMatch(/^WeChat access token: request failed \(/);
  });
});
