import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSmsDelivery } from './sms-http';
import { DeliveryError, type OutgoingCode } from './types';

const KEY = 'test-gateway-key-123';
const CODE = '731946';
const message: OutgoingCode = {
  channel: 'sms',
  destination: '+8613800138000',
  code: CODE,
  purpose: 'quick',
  locale: 'en',
  expiresInMinutes: 5,
};

interface Request {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A stand-in gateway: the path picks the answer; every request is recorded. */
function startGateway(): Promise<{ server: Server; base: string; requests: Request[] }> {
  const requests: Request[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const body: unknown = JSON.parse(raw || 'null');
      const path = req.url ?? '';
      requests.push({ path, headers: req.headers, body });
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.headers.authorization !== `Bearer ${KEY}`) return json(401, { error: 'bad key' });
      if (path === '/send') return json(202, { id: 'msg-1' });
      if (path === '/400') return json(400, { error: 'invalid number' });
      if (path === '/429') return json(429, { message: 'slow down' });
      // A careless gateway that quotes the whole text back: the code must not leak from it.
      if (path === '/503') return json(503, { error: `unavailable, could not send "${(body as { text: string }).text}"` });
      if (path === '/hang') return; // never answers
      json(404, {});
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests })),
  );
}

async function failure(url: string, opts: { key?: string; timeoutMs?: number } = {}): Promise<DeliveryError> {
  const delivery = createHttpSmsDelivery({ url, key: opts.key ?? KEY, timeoutMs: opts.timeoutMs });
  const err = await delivery.send(message).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DeliveryError);
  expect((err as DeliveryError).message).not.toContain(CODE);
  return err as DeliveryError;
}

describe('HTTP SMS gateway', () => {
  let gw: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gw = await startGateway();
  });
  afterAll(async () => {
    gw.server.closeAllConnections();
    await new Promise<void>((resolve) => gw.server.close(() => resolve()));
  });

  it('posts the number, text and purpose with the bearer key and an idempotency key', async () => {
    const delivery = createHttpSmsDelivery({ url: `${gw.base}/send`, key: KEY });
    await delivery.send(message);
    await delivery.send(message);
    const [first, second] = gw.requests.filter((r) => r.path === '/send');
    expect(first?.body).toEqual({
      to: '+8613800138000',
      text: '[Creality Cloud] Your sign-in code is 731946. It expires in 5 minutes. Never share it.',
      purpose: 'quick',
    });
    expect(first?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first?.headers['content-type']).toBe('application/json');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(first?.headers['idempotency-key']).toMatch(uuid);
    // One key per message: a second message is not a retry of the first.
    expect(second?.headers['idempotency-key']).toMatch(uuid);
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('a wrong key is a refusal', async () => {
    const err = await failure(`${gw.base}/send`, { key: 'wrong-key-000' });
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('401');
    expect(err.message).toContain('bad key');
  });

  it('a bad number is a refusal, with the gateway’s reason', async () => {
    const err = await failure(`${gw.base}/400`);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('400');
    expect(err.message).toContain('invalid number');
  });

  it('429 and 5xx may pass later', async () => {
    const tooMany = await failure(`${gw.base}/429`);
    expect(tooMany.retryable).toBe(true);
    expect(tooMany.message).toContain('slow down');
    const unavailable = await failure(`${gw.base}/503`);
    expect(unavailable.retryable).toBe(true);
    expect(unavailable.message).toContain('unavailable');
  });

  it('a gateway that never answers times out, retryable', async () => {
    const started = Date.now();
    const err = await failure(`${gw.base}/hang`, { timeoutMs: 200 });
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a closed port is retryable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const err = await failure(`http://127.0.0.1:${port}/send`);
    expect(err.retryable).toBe(true);
    expect(err.message).toContain('ECONNREFUSED');
  });
});
