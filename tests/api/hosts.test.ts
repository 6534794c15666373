import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { ResultCode } from '../../src/shared/errors';
import { pageBase } from '../../src/web/page-loader';
import { createTestDb, ENGINES, type TestDb } from '../helpers/app';

/**
 * A one-page server build whose page names its canonical URL the way every real page does
 * (pageBase) and says it is the same for every anonymous visitor: what the page cache keeps.
 */
const pageBuild = {
  entry: {
    module: {
      default: (
        _request: Request,
        status: number,
        headers: Headers,
        context: { staticHandlerContext: { loaderData: Record<string, { canonical: string }> } },
      ) => {
        headers.set('content-type', 'text/html; charset=utf-8');
        headers.set('cache-control', 'public, max-age=0, s-maxage=60');
        const canonical = context.staticHandlerContext.loaderData.root?.canonical ?? '';
        return new Response(`<!doctype html><link rel="canonical" href="${canonical}">`, { status, headers });
      },
    },
  },
  routes: {
    root: {
      id: 'root',
      path: '',
      module: {
        default: () => null,
        loader: ({ request, context }: { request: Request; context: Parameters<typeof pageBase>[1] }) => {
          const { canonical } = pageBase(request, context, []);
          return { canonical };
        },
      },
    },
  },
  assets: {
    entry: { module: '/entry.js', imports: [] },
    routes: { root: { id: 'root', path: '', module: '/root.js', hasLoader: true, hasAction: false, hasErrorBoundary: false, imports: [] } },
    url: '/manifest.js',
    version: '1',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
} as unknown as ServerBuild;

const canonicalOf = (html: string) => /rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe.each(ENGINES)('requests for other hosts on %s', (engine) => {
  let testDb: TestDb | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    await testDb?.drop();
    app = undefined;
    testDb = undefined;
  });
  async function start(env: Record<string, string>) {
    testDb = await createTestDb(engine);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: testDb.url, PAGE_CACHE_SECONDS: '60', ...env });
    app = await buildApp(config, { db: testDb.db, ssrBuild: async () => pageBuild });
    await app.ready();
    return app;
  }

  it('without PUBLIC_URL: a foreign Host is refused and never reaches the page cache', async () => {
    const a = await start({});
    const foreign = await a.inject({ url: '/', headers: { host: 'evil.example' } });
    const normal = await a.inject({ url: '/', headers: { host: 'localhost:3000' } });
    expect(normal.statusCode).toBe(200);
    expect(canonicalOf(normal.body)).toBe('http://localhost:3000/');
    expect(foreign.statusCode).toBe(421);
    expect(foreign.body).not.toContain('evil.example');
    const api = await a.inject({ url: '/api/cxy/v3/unknown', headers: { host: 'evil.example', 'accept-language': 'fr' } });
    expect(api.statusCode).toBe(421);
    expect(api.json()).toEqual({ code: ResultCode.parameter, msg: 'Paramètre invalide : Host', result: { field: 'Host' } });

    // The same page asked for on another allowed name is its own entry, not the first one's.
    const other = await a.inject({ url: '/', headers: { host: '127.0.0.1:3000' } });
    expect(canonicalOf(other.body)).toBe('http://127.0.0.1:3000/');
    expect(canonicalOf((await a.inject({ url: '/', headers: { host: 'localhost:3000' } })).body)).toBe('http://localhost:3000/');
  });

  it("a trusted proxy's X-Forwarded-Host naming a foreign host is refused the same way", async () => {
    const a = await start({ TRUST_PROXY: 'loopback' });
    const forwarded = await a.inject({
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
    });
    const normal = await a.inject({ url: '/', remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } });
    expect(canonicalOf(normal.body)).toBe('http://localhost:3000/');
    expect(forwarded.statusCode).toBe(421);
  });

  it('with PUBLIC_URL: pages asked for on another host go to the public origin; API calls are refused', async () => {
    const a = await start({ PUBLIC_URL: 'https://cloud.example.com', ALLOWED_HOSTS: 'internal.example' });
    const page = await a.inject({ url: '/models?page=2', headers: { host: 'evil.example' } });
    expect(page.statusCode).toBe(307);
    expect(page.headers.location).toBe('https://cloud.example.com/models?page=2');
    const post = await a.inject({ method: 'POST', url: '/', headers: { host: 'evil.example' } });
    expect(post.statusCode).toBe(421);
    const api = await a.inject({ url: '/api/cxy/v3/unknown', headers: { host: 'evil.example' } });
    expect(api.statusCode).toBe(421);

    for (const host of ['cloud.example.com', 'internal.example:8080']) {
      const ok = await a.inject({ url: '/', headers: { host } });
      expect(ok.statusCode, host).toBe(200);
      expect(canonicalOf(ok.body), host).toBe('https://cloud.example.com/');
    }
    // Load balancers probe an instance by its address.
    expect((await a.inject({ url: '/healthz', headers: { host: '10.0.0.7:3000' } })).statusCode).toBe(200);
  });
});
