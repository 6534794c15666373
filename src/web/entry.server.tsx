import { finished, PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import './load-context';

export const streamTimeout = 10_000;

/**
 * Streams the page. Crawlers and link-preview fetchers (WeChat, Slack, Facebook…) get the whole
 * document at once so every tag is there; people get the shell as soon as it is ready.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ua = request.headers.get('user-agent');
    const waitForAll = (ua && isbot(ua)) || routerContext.isSpaMode;
    const nonce = loadContext.cspNonce || undefined;
    let timer: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true;
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
        // Without this, each finished render stays in memory until its abort timer fires.
        finished(body, () => clearTimeout(timer));
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
