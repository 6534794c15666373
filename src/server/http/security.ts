import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Where jweixin (features/lottery/wechat-share.ts) is served from. */
export const WECHAT_JS_SDK_ORIGIN = 'https://res.wx.qq.com';

/**
 * Security headers. The CSP allows what the pages need and no more: our own scripts plus the
 * per-request nonce for React Router's inline hydration data, and WeChat's JS-SDK (raffle share
 * inside WeChat, loaded only there); our styles (style attributes for
 * computed sizes); images and media from HTTPS hosts (content lives on a CDN); calls to ourselves
 * and the configured extra origins (analytics collector). Development relaxes it for Vite's HMR.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { dev: boolean; connectSrc?: string[] }) {
  const connect = ["'self'", ...(opts.connectSrc ?? [])];
  if (opts.dev) connect.push('ws:', 'wss:');
  await app.register(helmet, {
    enableCSPNonces: true,
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
    hsts: false,
    // The browser default: other sites see our origin only; analytics keep the in-site referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
