import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { API } from '../../src/shared/api/all-routes';
import type { RouteRef } from '../../src/shared/api/routes';
import { HEADER } from '../../src/shared/context';
import { ResultCode } from '../../src/shared/errors';
import { createTestApp, type TestApp } from '../helpers/app';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, walked freely.
type Doc = any;
type Op = { parameters?: Doc[]; requestBody?: Doc; responses: Record<string, Doc>; operationId: string; tags: string[] };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every (path, method) pair the route tables of routes.ts name, `:uid` as OpenAPI writes it. */
function aggregateRoutes(): { method: string; path: string }[] {
  return Object.values(API).flatMap((group) =>
    Object.values(group as Record<string, RouteRef>).map((ref) => ({
      method: ref.method.toLowerCase(),
      path: ref.path.replace(/:(\w+)/g, '{$1}'),
    })),
  );
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Doc;
  let res: Awaited<ReturnType<TestApp['app']['inject']>>;
  const op = (method: string, path: string): Op => {
    const o = doc.paths[path]?.[method];
    if (!o) throw new Error(`no ${method} ${path}`);
    return o;
  };
  /** A parameter, following a $ref to components.parameters. */
  const param = (o: Op, name: string, where = 'query'): Doc =>
    (o.parameters ?? [])
      .map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p))
      .find((p) => p.name === name && p.in === where);
  const jsonBody = (o: Op): Doc => o.requestBody?.content?.['application/json']?.schema;

  // The document does not depend on the database engine: SQLite only.
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // No client headers at all: the document is public and a GET needs no app id.
    res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is served as public, cacheable JSON', async () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    // Built once: a second request answers the same document.
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(again.body).toBe(res.body);
  });

  it('has the structure of an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: pkg.name, version: pkg.version });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, Op>>(doc.paths)) {
      expect(path).toMatch(/^\//);
      for (const [method, o] of Object.entries(item)) {
        expect(METHODS).toContain(method);
        expect(ids.has(o.operationId), `operationId ${o.operationId} repeated`).toBe(false);
        ids.add(o.operationId);
        expect(o.tags).toHaveLength(1);
        expect(Object.keys(o.responses).length).toBeGreaterThan(0);
        // Path templates and path parameters match one to one.
        const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const declared = (o.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort()).toEqual(templated.sort());
        for (const p of o.parameters ?? []) {
          if (p.$ref) continue;
          expect(['query', 'header', 'path', 'cookie']).toContain(p.in);
          expect(p.schema).toBeTypeOf('object');
          if (p.in === 'path') expect(p.required).toBe(true);
        }
      }
    }
  });

  it('resolves every $ref, and every pattern is a valid JSON Schema (unicode) regex', () => {
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      if (Array.isArray(node)) {
        for (const n of node) walk(n);
        return;
      }
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref') {
          const target = String(v)
            .replace(/^#\//, '')
            .split('/')
            .reduce<Doc>((n, key) => n?.[key], doc);
          expect(target, String(v)).toBeDefined();
        } else if (k === 'pattern' && typeof v === 'string') {
          expect(() => new RegExp(v, 'u')).not.toThrow();
        } else {
          expect(k).not.toBe('$schema');
          walk(v);
        }
      }
    };
    walk(doc);
  });

  it('documents every call of the API aggregate, with its method', () => {
    for (const { method, path } of aggregateRoutes()) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('documents only routes the app serves', () => {
    for (const [path, item] of Object.entries<Record<string, Op>>(doc.paths))
      for (const method of Object.keys(item)) {
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url }), `${method} ${path}`).toBe(true);
      }
  });

  it('puts GET inputs in the query with their zod constraints', () => {
    const comments = op('get', '/api/cxy/v2/content/comments');
    expect(comments.requestBody).toBeUndefined();
    expect(param(comments, 'kind')).toMatchObject({ required: true });
    // z.coerce.number().pipe(literals): the literals, not "any number".
    expect(JSON.stringify(param(comments, 'kind').schema)).toContain('"const":3');
    expect(param(comments, 'page')).toMatchObject({ required: false, schema: { type: 'integer', minimum: 1, default: 1 } });
    expect(param(comments, 'pageSize').schema).toMatchObject({ type: 'integer', maximum: 50 });

    const relation = op('get', '/api/cxy/v2/content/relation');
    expect(param(relation, 'targetKind')).toMatchObject({ required: true, schema: { enum: ['model', 'post', 'user'] } });
    expect(param(relation, 'commentIds')).toMatchObject({ required: false, schema: { type: 'string', pattern: expect.any(String) } });

    const info = op('get', '/api/rest/lottery/tLottery/getLotteryInfo');
    expect(param(info, 'lotteryId')).toMatchObject({ required: true, schema: { type: 'integer' } });
  });

  it('describes POST bodies as JSON with their zod constraints', () => {
    // winLogList is a POST (routes.ts): its paging is in the body.
    const winLog = jsonBody(op('post', '/api/rest/lottery/lotteryManger/winLogList'));
    expect(winLog.properties.pageSize).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(winLog.required).toEqual(['lotteryId']);

    const address = jsonBody(op('post', '/api/rest/lottery/address/add'));
    expect(address.properties.taxId).toMatchObject({ type: 'string', pattern: '^[A-Za-z0-9-]{0,40}$' });
    expect(address.required).toEqual(expect.arrayContaining(['fullName', 'phone', 'country', 'city', 'detail']));
    expect(address.required).not.toContain('taxId');

    const ping = jsonBody(op('post', '/api/cxy/v2/system/ping'));
    expect(ping.properties.message).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });

    // Every JSON POST with an input has a body; a POST without one (logout) has none.
    expect(op('post', '/api/cxy/account/v2/logout').requestBody).toBeUndefined();
    for (const item of Object.values<Record<string, Op>>(doc.paths))
      for (const [method, o] of Object.entries(item)) if (method === 'get') expect(o.requestBody).toBeUndefined();

    // The admin upload: the raw file in the body, its name in the query.
    const upload = op('post', '/api/cxy/admin/v2/content/file');
    expect(upload.requestBody.content['application/octet-stream']).toBeDefined();
    expect(param(upload, 'name')).toMatchObject({ required: true });
  });

  it('wraps results in the envelope, each result described by its schema', () => {
    const me = op('get', '/api/cxy/account/v2/me').responses['200'].content['application/json'].schema;
    expect(me.required).toEqual(['code', 'msg', 'result']);
    expect(me.properties.msg).toMatchObject({ type: 'string' });
    expect(doc.components.schemas.ResultCode).toMatchObject({ type: 'integer' });
    expect(me.properties.result.properties.userId).toMatchObject({ type: 'string' });

    const list = op('get', '/api/rest/lottery/address/list').responses['200'].content['application/json'].schema;
    expect(list.properties.result.properties.list).toMatchObject({ type: 'array' });
    expect(list.properties.result.properties.list.items.properties.isDefault).toMatchObject({ type: 'boolean' });

    // Not enveloped: the health check and the external sign-in redirect.
    expect(op('get', '/healthz').responses['200'].content['application/json'].schema.properties.status).toBeDefined();
    expect(op('get', '/api/cxy/account/v2/oauthStart').responses['302']).toBeDefined();
  });

  it('documents the header context, the token and the result codes', () => {
    const names = Object.values<Doc>(doc.components.parameters).map((p) => p.name);
    for (const [key, name] of Object.entries(HEADER)) if (key !== 'token') expect(names, name).toContain(name);
    expect(doc.components.securitySchemes.token).toMatchObject({ type: 'apiKey', in: 'header', name: HEADER.token });

    // The app id (CSRF rule) is required on POST calls and on GET calls that change state.
    expect(param(op('post', '/api/cxy/v2/system/ping'), HEADER.appId, 'header').required).toBe(true);
    expect(param(op('get', '/api/rest/lottery/tLottery/lottery'), HEADER.appId, 'header').required).toBe(true);
    expect(param(op('get', '/api/cxy/v2/content/comments'), HEADER.appId, 'header').required).toBe(false);

    for (const [name, code] of Object.entries(ResultCode)) expect(doc.info.description).toContain(`| ${code} | ${name} |`);
  });
});
