import type { FastifyInstance } from 'fastify';
import * as contract from '../../shared/api/lottery-wechat';
import { ResultCode } from '../../shared/errors';
import type { Config } from '../config';
import { AppError } from '../http/app-error';
import { endpoint } from '../http/envelope';
import { createJsapiTicketProvider, JsapiError, type JsapiTicketProvider } from './jsapi';
import { signJsapi } from './signature';

/**
 * `GET /api/rest/lottery/tLottery/getJsapiSignature?url=…`: the WeChat JS-SDK config for a page
 * of this site, signed with the jsapi_ticket of the official account WECHAT_JSAPI_CLIENT_ID
 * names. Public (sharing works signed out), rate limited per address.
 */
export function registerJsapiRoutes(
  app: FastifyInstance,
  config: Pick<Config, 'wechatClients' | 'WECHAT_JSAPI_CLIENT_ID' | 'PUBLIC_URL'>,
  opts: { provider?: JsapiTicketProvider; fetch?: typeof fetch } = {},
) {
  const provider = opts.provider ?? providerFrom(config, opts.fetch);
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;

  endpoint(
    app,
    contract.getJsapiSignature,
    async ({ url }, request, reply) => {
      reply.header('cache-control', 'no-store');
      const origin = publicOrigin ?? requestOrigin(`${request.protocol}://${request.host}`);
      if (!origin || !isPageOf(origin, url)) {
        throw new AppError(ResultCode.parameter, {
          messageKey: 'parameterNamed',
          params: { field: 'url' },
          result: { issues: [{ field: 'url', message: 'must be an http(s) address of a page of this site' }] },
        });
      }
      if (!provider) throw new AppError(ResultCode.wechatShareNotConfigured);
      let ticket: string;
      try {
        ticket = await provider.ticket();
      } catch (err) {
        if (!(err instanceof JsapiError)) throw err;
        // The message names the step and WeChat's errcode, never the secret or a token.
        const log = { reason: err.reason, errcode: err.errcode, detail: err.message };
        if (err.reason === 'provider_error') request.log.error(log, 'WeChat JS-SDK ticket refused: check WECHAT_JSAPI_CLIENT_ID');
        else request.log.warn(log, 'WeChat JS-SDK ticket unavailable');
        throw new AppError(ResultCode.wechatShareUnavailable);
      }
      return signJsapi(provider.appId, ticket, url);
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
}

function providerFrom(config: Pick<Config, 'wechatClients' | 'WECHAT_JSAPI_CLIENT_ID'>, fetchImpl?: typeof fetch) {
  const clientId = config.WECHAT_JSAPI_CLIENT_ID;
  // loadConfig made sure the id names a client.
  const client = clientId ? config.wechatClients.get(clientId) : undefined;
  if (!client) return undefined;
  return createJsapiTicketProvider(client, fetchImpl ? { fetch: fetchImpl } : {});
}

/** The origin the visitor sees (`http://host:80` → `http://host`), or undefined for a malformed Host. */
function requestOrigin(base: string): string | undefined {
  try {
    return new URL(base).origin;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) URL on `origin` (the page asking to be signed), without credentials. */
function isPageOf(origin: string, raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  // Verbatim text must start with the origin too: what is signed is `raw`, not the parsed URL.
  return url.origin === origin && raw.toLowerCase().startsWith(origin.toLowerCase());
}
