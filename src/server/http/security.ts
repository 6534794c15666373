import { randomBytes } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/** A year: what browsers and preload lists expect of a site that is https for good. */
const HSTS_SECONDS = 31_536_000;

/** Where jweixin (features/lottery/wechat-share.ts) is served from. */
export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's CSP nonces, made on first use: reading them puts them in the response's
     * Content-Security-Policy (a page's inline hydration data needs them; JSON answers never ask).
     */
    cspNonce: { script: string; style: string };
  }
}

/**
 * Security headers. The CSP allows what the pages need and no more: our own scripts plus the
 * per-request nonce for React Router's inline hydration data, and WeChat's JS-SDK (raffle share
 * inside WeChat, loaded only there); our styles (style attributes for
 * computed sizes); images and media from HTTPS hosts (content lives on a CDN); calls to ourselves
 * and the configured extra origins (analytics collector). Development relaxes it for Vite's HMR.
 *
 * The headers are helmet's, computed once at start (helmet rebuilds them on every request, a
 * tenth of an API call's time); the nonces are made only for responses that read
 * `reply.cspNonce` (pages), whose CSP then names them exactly as helmet did.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { dev: boolean; connectSrc?: string[]; hsts?: boolean }) {
  const connect = ["'self'", ...(opts.connectSrc ?? [])];
  if (opts.dev) connect.push('ws:', 'wss:');
  const options: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': [...(opts.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]), WECHAT_JS_SDK_ORIGIN],
        'style-src': opts.dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': connect,
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // Pages open inside WeChat and the app's webviews; these defaults would only get in the way.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Only when the public origin is https (PUBLIC_URL): a browser told so over plain http would
    // refuse the site. Not for subdomains: they may be other people's services.
    hsts: opts.hsts ? { maxAge: HSTS_SECONDS, includeSubDomains: false } : false,
    // The browser default: other sites see our origin only; analytics keep the in-site referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  const { headers: plain } = await helmetHeaders(options, false);
  const { csp: withNonces, nonces } = await helmetCsp(options);
  const headers = Object.entries(plain);
  const apiHeaders = opts.hsts ? { ...API_HEADERS, 'strict-transport-security': `max-age=${HSTS_SECONDS}` } : API_HEADERS;
  const nonceCsp = (n: { script: string; style: string }) => withNonces.replace(nonces.script, n.script).replace(nonces.style, n.style);

  type Nonces = { script: string; style: string };
  const made = Symbol('cspNonce');
  app.decorateReply(made, null);
  app.decorateReply('cspNonce', {
    getter(this: FastifyReply) {
      const self = this as FastifyReply & { [made]: Nonces | null };
      let n = self[made];
      if (!n) {
        n = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
        self[made] = n;
        this.header('content-security-policy', nonceCsp(n));
      }
      return n;
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // An envelope answer is always sent by Fastify: its headers go on the reply, which Node writes
    // in one pass with Fastify's own. One header set on the raw response makes Node take every
    // header of the answer through setHeader's checks again (a tenth of a cheap call's time).
    if (request.routeOptions.config?.envelope) reply.headers(apiHeaders);
    // Pages and files: on the raw response, as helmet does (routes that hijack the reply, OAuth's, send them too).
    else for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * What a JSON envelope answer needs (OWASP's REST security headers): it is never rendered, framed
 * or cached, and never sniffed as anything but JSON. A page's policy (scripts, styles, images,
 * referrer) means nothing for it, and a dozen headers on every API call cost a tenth of a cheap
 * call's time.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-site',
  'cache-control': 'no-store',
});

/** The headers @fastify/helmet sends with these options, read from one request to a bare app. */
async function helmetHeaders(options: FastifyHelmetOptions, nonces: boolean) {
  const probe = Fastify();
  await probe.register(helmet, { ...options, enableCSPNonces: nonces });
  probe.get('/', async (_request, reply) => reply.cspNonce ?? {});
  const res = await probe.inject('/');
  await probe.close();
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === 'string' && !BARE_HEADERS.has(name)) out[name] = value;
  }
  return { headers: out, body: res.json() as { script?: string; style?: string } };
}
const BARE_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** helmet's CSP with nonces, and the nonces it used (replaced by each response's own). */
async function helmetCsp(options: FastifyHelmetOptions) {
  const { headers, body } = await helmetHeaders(options, true);
  const csp = headers['content-security-policy'];
  if (!csp || !body.script || !body.style) throw new Error('helmet gave no CSP nonces');
  return { csp, nonces: { script: body.script, style: body.style } };
}
