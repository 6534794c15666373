import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../shared/errors';
import type { Config } from '../config';
import { AppError } from './app-error';

/**
 * Which host names this instance answers for. A request's Host (or a trusted proxy's
 * X-Forwarded-Host) becomes canonical links, link previews and OAuth endpoints, and rendered
 * pages are shared between visitors for a few seconds: one request naming a foreign host must
 * never be served, or every visitor would get links to that host.
 *
 * Allowed: PUBLIC_URL's host and ALLOWED_HOSTS; outside production, and in production when
 * PUBLIC_URL is unset (start-up then requires a loopback HOST: production-guard.ts), also this
 * machine's own names (localhost, loopback and interface addresses). Ports do not matter.
 */
export interface HostPolicy {
  /** PUBLIC_URL's origin, when set: where the pages of a refused host are sent. */
  canonical?: string;
  allows(hostname: string): boolean;
}

export function hostPolicy(config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'HOST' | 'isProduction'>): HostPolicy {
  const names = new Set(config.ALLOWED_HOSTS.map(normalise));
  const canonical = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  if (config.PUBLIC_URL) names.add(normalise(new URL(config.PUBLIC_URL).hostname));
  if (!config.isProduction || !config.PUBLIC_URL) for (const name of localNames(config.HOST)) names.add(name);
  return { ...(canonical ? { canonical } : {}), allows: (hostname) => names.has(normalise(hostname)) };
}

/** Loopback names, the listen address, and (listening on every interface) this machine's addresses. */
function localNames(listen: string): string[] {
  const names = ['localhost', '127.0.0.1', '::1', listen];
  if (listen === '0.0.0.0' || listen === '::') {
    for (const list of Object.values(os.networkInterfaces())) for (const a of list ?? []) names.push(a.address);
  }
  return names.map(normalise);
}

/** Lower case, no brackets around IPv6 literals, no trailing dot. */
function normalise(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

/** Paths answered whatever the host: load balancers probe instances by address. */
const ANY_HOST = new Set(['/healthz']);

/**
 * Refuses requests for hosts not allowed (before any route or page renders): API calls with
 * 421 Misdirected Request in the envelope; page views go to the same path on PUBLIC_URL when set.
 */
export function registerHostGuard(app: FastifyInstance, policy: HostPolicy) {
  app.addHook('onRequest', async (request, reply) => {
    if (policy.allows(request.hostname) || ANY_HOST.has(pathOf(request))) return;
    request.log.info({ host: request.host }, 'request for a host not served');
    if (policy.canonical && (request.method === 'GET' || request.method === 'HEAD') && !pathOf(request).startsWith('/api/')) {
      return reply.redirect(policy.canonical + request.url, 307);
    }
    throw new AppError(ResultCode.parameter, {
      httpStatus: 421,
      messageKey: 'parameterNamed',
      params: { field: 'Host' },
      result: { field: 'Host' },
    });
  });
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';
