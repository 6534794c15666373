import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessions } from '../../src/server/accounts/sessions';
import { APP_ID, HEADER } from '../../src/shared/context';
import { createTestApp, ENGINES } from '../helpers/app';
import { type RawAnswer, rawConnection } from '../helpers/raw-http';

/**
 * A fuzz test generated from the OpenAPI document the app serves: every operation gets malformed
 * variants of each of its fields (missing, wrong type, null, huge, negative, nested, a list…),
 * malformed and oversized bodies, wrong content types and odd header-context values, sent by a
 * signed-in administrator (so handlers run as far as the input lets them). It fails on any 5xx, on
 * an API answer that is not the `{code,msg,result}` envelope, and, over a real socket, on a
 * connection left unusable. Deterministic: the variants are enumerated, the random strings seeded.
 */
// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, walked freely.
type Schema = any;
interface Operation {
  method: string;
  path: string;
  op: Schema;
}
interface Attempt {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
}

const BODY_LIMIT = 64 * 1024;
const UUID = '0190a0b0-c0d0-7e00-8f00-000000000001';

/** mulberry32: a small seeded generator, so every run sends the same strings. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(0x5eed);
/** Seeded text mixing ASCII, accents, CJK, emoji, a lone surrogate, NUL and quotes. */
function oddText(length: number): string {
  const pool = ['a', 'Z', '9', ' ', 'é', '漢', '字', '🎁', '\ud800', '\u0000', '"', "'", '<', '\\', '%', '\n'];
  let s = '';
  while (s.length < length) s += pool[Math.floor(random() * pool.length)];
  return s;
}

/** Seeded bytes that do not compress: a gzip body far larger than the socket's buffers. */
const LARGE_GZIP = gzipSync(Buffer.from(Array.from({ length: 256 * 1024 }, () => Math.floor(random() * 256))));

/** A plausible value for a schema: what a well-behaved caller would send. */
function sample(schema: Schema, doc: Schema, depth = 0): unknown {
  if (!schema || depth > 6) return 'a';
  if (schema.$ref) return sample(resolve(doc, schema.$ref), doc, depth + 1);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('default' in schema) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(options)) return sample(options.find((o: Schema) => o.type !== 'null') ?? options[0], doc, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return UUID;
      if (schema.format === 'email') return 'fuzz@example.com';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, doc, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name], doc, depth + 1);
      return out;
    }
    default:
      return 'a';
  }
}
const resolve = (doc: Schema, ref: string): Schema =>
  ref
    .split('/')
    .slice(1)
    .reduce((node, key) => node?.[key], doc);

/** Malformed values of one JSON field. */
const FIELD_VALUES: [string, unknown][] = [
  ['a number', 12345],
  ['a string', 'not-a-number'],
  ['null', null],
  ['a huge string', 'x'.repeat(20_000)],
  ['odd text', oddText(300)],
  ['a huge number', 1e308],
  ['a negative number', -1],
  ['a nested object', { a: { b: { c: [1, { d: null }] } } }],
  ['an array', [1, 'a', null, { b: 2 }]],
  ['an empty array', []],
];
/** Odd text for a URL: a lone surrogate cannot be percent-encoded. */
const urlText = (length: number) => encodeURIComponent(oddText(length).replace(/\ud800/g, '?'));
/** Malformed values of one query or path parameter (as sent in the URL, already encoded). */
const PARAM_VALUES: [string, string][] = [
  ['empty', ''],
  ['a word', 'abc'],
  ['negative', '-1'],
  ['a huge number', '1e308'],
  ['a long number', '9'.repeat(30)],
  ['a long string', 'x'.repeat(8_000)],
  ['odd text', urlText(100)],
  ['NUL', '%00'],
  ['an object', '%7B%22a%22%3A1%7D'],
];
const PATH_VALUES: [string, string][] = [
  ['zero', '0'],
  ['negative', '-1'],
  ['a word', 'abc'],
  ['a long number', '9'.repeat(30)],
  ['NUL', '%00'],
  ['odd text', urlText(40)],
  ['a dot path', '..%2F..'],
  ['a bad encoding', '%E0%A4%A'],
  ['too long', 'u'.repeat(300)],
];
/** Odd values for every header of the header context. */
const HEADER_VALUES: [string, string | string[]][] = [
  ['a word', 'abc'],
  ['negative', '-1'],
  ['a long number', '9'.repeat(30)],
  ['a long string', 'h'.repeat(4_000)],
  ['a list', '1,2'],
  ['repeated', ['1', '2']],
  ['blank', ' '],
  ['a path', '../../etc/passwd'],
];
const BAD_JSON: [string, string][] = [
  ['truncated', '{"a":'],
  ['null', 'null'],
  ['a list', '[]'],
  ['empty', ''],
  ['deep nesting', `${'['.repeat(5_000)}${']'.repeat(5_000)}`],
  ['a prototype key', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}'],
  ['a duplicate key', '{"a":1,"a":{"b":2}}'],
];
const CONTENT_TYPES = ['text/plain', 'multipart/form-data; boundary=xyz', 'application/json; charset=latin1', ''];

/** What to send for one operation. */
function attempts(o: Operation, doc: Schema, signedIn: Record<string, string>): Attempt[] {
  const { method, op } = o;
  const params: Schema[] = (op.parameters ?? []).map((p: Schema) => (p.$ref ? resolve(doc, p.$ref) : p));
  const query = params.filter((p) => p.in === 'query');
  const pathParams = params.filter((p) => p.in === 'path');
  const headerParams = params.filter((p) => p.in === 'header');
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const rawBody = !!op.requestBody?.content?.['application/octet-stream'];
  const base: Record<string, string> = { ...signedIn };
  for (const p of headerParams) if (p.required) base[p.name] = String(sample(p.schema, doc));
  if (method !== 'GET') base[HEADER.appId] = APP_ID;

  const url = (pathValues: Record<string, string> = {}, queryValues: Record<string, string | undefined> = {}) => {
    let path = o.path;
    for (const p of pathParams) path = path.replace(`{${p.name}}`, pathValues[p.name] ?? '1');
    const pairs: string[] = [];
    for (const p of query) {
      const v = p.name in queryValues ? queryValues[p.name] : encodeURIComponent(String(sample(p.schema, doc)));
      if (v !== undefined) pairs.push(`${p.name}=${v}`);
    }
    return pairs.length ? `${path}?${pairs.join('&')}` : path;
  };
  const body = jsonSchema ? (sample(jsonSchema, doc) as Record<string, unknown>) : undefined;
  const json = (value: unknown) => ({ 'content-type': 'application/json', payload: JSON.stringify(value) });
  const send = (label: string, extra: Partial<Attempt> & { 'content-type'?: string } = {}): Attempt => {
    const { 'content-type': type, ...rest } = extra;
    const headers = { ...base, ...(type ? { 'content-type': type } : {}), ...(extra.headers ?? {}) };
    const payload = rest.payload ?? (method === 'GET' ? undefined : rawBody ? Buffer.from('not a model') : JSON.stringify(body ?? {}));
    if (payload !== undefined && !headers['content-type'] && type === undefined)
      headers['content-type'] = rawBody ? 'application/octet-stream' : 'application/json';
    return { label, method, url: rest.url ?? url(), headers, ...(payload !== undefined ? { payload } : {}) };
  };

  const out: Attempt[] = [send('as sampled')];
  for (const p of query) {
    out.push(send(`query ${p.name} missing`, { url: url({}, { [p.name]: undefined }) }));
    for (const [name, v] of PARAM_VALUES) out.push(send(`query ${p.name} ${name}`, { url: url({}, { [p.name]: v }) }));
    out.push(send(`query ${p.name} repeated`, { url: `${url()}&${p.name}=2&${p.name}=3` }));
  }
  for (const p of pathParams) for (const [name, v] of PATH_VALUES) out.push(send(`path ${p.name} ${name}`, { url: url({ [p.name]: v }) }));
  if (body) {
    for (const field of Object.keys(jsonSchema.properties ?? {})) {
      const { [field]: _, ...without } = body;
      out.push(send(`body ${field} missing`, json(without)));
      for (const [name, v] of FIELD_VALUES) out.push(send(`body ${field} ${name}`, json({ ...body, [field]: v })));
    }
    out.push(send('body with an unknown field', json({ ...body, unknownField: oddText(50) })));
  }
  if (method !== 'GET') {
    for (const [name, text] of BAD_JSON) out.push(send(`bad JSON: ${name}`, { 'content-type': 'application/json', payload: text }));
    for (const type of CONTENT_TYPES) out.push(send(`content type "${type}"`, { 'content-type': type }));
    out.push(send('an oversized body', json({ ...(body ?? {}), pad: 'p'.repeat(BODY_LIMIT) })));
    out.push(
      send('a gzip body that is not gzip', {
        headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
        payload: '{"a":1}',
      }),
    );
    out.push(
      send('a gzip body', {
        headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
        payload: gzipSync(JSON.stringify(body ?? {})),
      }),
    );
    out.push(send('an unknown content encoding', { headers: { 'content-encoding': 'zstd-x' } }));
    out.push({ ...send('no app id'), headers: Object.fromEntries(Object.entries(send('').headers).filter(([k]) => k !== HEADER.appId)) });
  } else {
    out.push(send('a body on a GET', { 'content-type': 'application/json', payload: '{"a":1}' }));
  }
  // Where no body is read (GET), or refused before it is read: it must not hold the connection.
  out.push(send('a large gzip body', { headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' }, payload: LARGE_GZIP }));
  // Each odd value in every header at once, then in all but the lottery channel (the one header
  // whose malformed value is refused, which would stop the call before the others are used).
  const others = headerParams.filter((p) => p.name !== HEADER.lotteryChannel);
  for (const [name, v] of HEADER_VALUES) {
    out.push(send(`every header ${name}`, { headers: Object.fromEntries(headerParams.map((p) => [p.name, v])) }));
    out.push(send(`every header but the channel ${name}`, { headers: Object.fromEntries(others.map((p) => [p.name, v])) }));
  }
  out.push(send('a malformed token header', { headers: { [HEADER.token]: oddText(80).replace(/[^\x21-\x7e]/g, 'x') } }));
  out.push(send('a malformed token cookie', { headers: { cookie: `token=${'t'.repeat(600)}; userId=-1; lang=xx` } }));
  return out;
}

/** What is wrong with an answer, or null. */
function problem(o: Operation, status: number, headers: Record<string, unknown>, body: string): string | null {
  if (status >= 500) return `status ${status}: ${body.slice(0, 200)}`;
  // Operations answering something other than the envelope: /healthz (plain) and redirects.
  const enveloped = !!o.op.responses?.default;
  if (!enveloped || (status >= 300 && status < 400)) return null;
  // A download (the shipping list's CSV) when it succeeds; refusals are still the envelope.
  const download = Object.keys(o.op.responses?.['200']?.content ?? {}).find((t) => !t.startsWith('application/json'));
  if (download && status === 200 && String(headers['content-type'] ?? '').startsWith(download)) return null;
  if (!String(headers['content-type'] ?? '').startsWith('application/json'))
    return `status ${status}, not JSON: ${headers['content-type']}`;
  try {
    const e = JSON.parse(body);
    if (typeof e.code !== 'number' || typeof e.msg !== 'string' || !('result' in e)) return `not the envelope: ${body.slice(0, 200)}`;
  } catch {
    return `not JSON: ${body.slice(0, 200)}`;
  }
  return null;
}

function operationsOf(doc: Schema): Operation[] {
  return Object.entries(doc.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

async function setUp(engine: (typeof ENGINES)[number]) {
  const t = await createTestApp(engine, {
    BODY_LIMIT_BYTES: String(BODY_LIMIT),
    RATE_LIMIT_ALLOWLIST: '127.0.0.1',
    ANALYTICS_FLUSH_MS: '60000',
  });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const admin = await t.db.kysely
    .insertInto('users')
    .values({ nickname: 'Fuzz admin', created_at: Date.now(), updated_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely.insertInto('user_roles').values({ user_id: admin.id, role: 'admin', scope: '*', created_at: Date.now() }).execute();
  const sessions = createSessions(t.db, { days: 1 });
  /** A fresh session per operation: one that signs out or blocks must not blind the others. */
  const signIn = async () => {
    const s = await sessions.create(admin.id, { userAgent: 'fuzz', ip: '127.0.0.1' });
    return { [HEADER.token]: s.token, [HEADER.userId]: String(admin.id) };
  };
  return { t, doc, signIn };
}

describe.each(ENGINES)('OpenAPI fuzz on %s', (engine) => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(engine);
  });
  afterAll(() => s.t.close());

  it('answers every malformed call of every operation without a 5xx, with the envelope', { timeout: 120_000 }, async () => {
    const ops = operationsOf(s.doc);
    expect(ops.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const o of ops) {
      for (const a of attempts(o, s.doc, await s.signIn())) {
        sent++;
        const res = await s.t.app.inject({
          method: a.method as 'GET',
          url: a.url,
          headers: a.headers,
          ...(a.payload !== undefined ? { payload: a.payload } : {}),
        });
        const wrong = problem(o, res.statusCode, res.headers, res.body);
        if (wrong) failures.push(`${o.method} ${o.path} — ${a.label}: ${wrong}`);
      }
    }
    expect(sent).toBeGreaterThan(5000);
    expect(failures.slice(0, 40), `${failures.length} failures of ${sent} calls`).toEqual([]);
  });
});

/** The calls whose body or URL the server may leave unread, sent over a real connection. */
const ON_THE_WIRE =
  /^(bad JSON: truncated|content type "text\/plain"|an oversized body|a gzip body that is not gzip|a large gzip body|a body on a GET|path \w+ (a bad encoding|too long)|query \w+ a long string)$/;

/** The raw request of an attempt. */
function wire(a: Attempt, host: string): Buffer {
  const payload = a.payload === undefined ? Buffer.alloc(0) : Buffer.from(a.payload);
  const lines = [`${a.method} ${a.url} HTTP/1.1`, `host: ${host}`];
  for (const [name, value] of Object.entries(a.headers)) for (const v of [value].flat()) lines.push(`${name}: ${v}`);
  if (a.payload !== undefined) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

describe('OpenAPI fuzz over real connections', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let port: number;
  beforeAll(async () => {
    s = await setUp('sqlite');
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.t.app.server.address() as { port: number }).port;
  });
  afterAll(() => s.t.close());

  it('leaves every connection usable after malformed calls (or closes it, saying so)', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    const host = `127.0.0.1:${port}`;
    /** An answer, or why there is none within a generous while (a stalled connection). */
    const answerOf = (c: Awaited<ReturnType<typeof rawConnection>>) =>
      Promise.race([c.next(), new Promise<'stalled'>((r) => setTimeout(() => r('stalled'), 10_000).unref())]);
    for (const o of operationsOf(s.doc)) {
      let c = await rawConnection(port);
      for (const a of attempts(o, s.doc, await s.signIn()).filter((x) => ON_THE_WIRE.test(x.label))) {
        sent++;
        c.socket.write(wire(a, host));
        const answer: RawAnswer | null | 'stalled' = await answerOf(c);
        if (answer === 'stalled' || answer === null)
          failures.push(`${o.method} ${o.path} — ${a.label}: ${answer ?? 'closed without an answer'}`);
        else {
          const wrong = problem(o, answer.status, answer.headers, answer.body);
          if (wrong) failures.push(`${o.method} ${o.path} — ${a.label}: ${wrong}`);
        }
        // A connection the server said it closes is replaced; any other must serve the next call.
        if (answer === 'stalled' || answer === null || answer.headers.connection === 'close') {
          c.socket.destroy();
          c = await rawConnection(port);
        }
      }
      c.socket.write(`GET /healthz HTTP/1.1\r\nhost: ${host}\r\n\r\n`);
      const health = await answerOf(c);
      if (health === 'stalled' || health?.status !== 200) failures.push(`${o.method} ${o.path}: the connection is left unusable`);
      c.socket.destroy();
    }
    expect(sent).toBeGreaterThan(400);
    expect(failures.slice(0, 40), `${failures.length} failures of ${sent} calls`).toEqual([]);
  });
});
