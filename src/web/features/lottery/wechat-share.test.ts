import { describe, expect, it, vi } from 'vitest';
import { LOTTERY_API } from '../../../shared/api/routes-lottery';
import { ResultCode } from '../../../shared/errors';
import { ApiError } from '../../api/client';
import { configureWechatShare, fetchJsapiSignature, MAX_RETRIES, type Wx } from './wechat-share';

const SIGNED = { appId: 'wx1234567890abcdef', timestamp: 1_700_000_000, nonceStr: 'Wm3WZYTPz0wzccnW', signature: 'f'.repeat(40) };
const PAGE = 'https://cloud.example.com/activitys?activeId=1#rules';
const SHARE = {
  title: 'Lucky draw',
  desc: 'Spin to win',
  link: 'https://cloud.example.com/activitys?activeId=1',
  imgUrl: 'https://cdn.example.com/s.png',
};

/** A fake API client answering each call with the next outcome (an Error is thrown). */
function fakeApi(...outcomes: Array<typeof SIGNED | Error>) {
  const calls: Array<{ route: unknown; input: unknown; opts: unknown }> = [];
  const api = {
    call: vi.fn(async (route: unknown, input?: unknown, opts?: unknown) => {
      calls.push({ route, input, opts });
      const next = outcomes.shift();
      if (!next) throw new Error('no more outcomes');
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  return { api: api as never, calls };
}

function fakeWx() {
  const log: string[] = [];
  let ready: (() => void) | undefined;
  const wx: Wx = {
    config: (c) => void log.push(`config ${JSON.stringify(c)}`),
    ready: (cb) => {
      ready = cb;
    },
    error: () => {},
    updateAppMessageShareData: (o) => void log.push(`appMessage ${o.title}|${o.desc}|${o.link}|${o.imgUrl}`),
    updateTimelineShareData: (o) => void log.push(`timeline ${o.title}|${o.link}|${o.imgUrl}`),
  };
  return { wx, log, fireReady: () => ready?.() };
}

const unavailable = () => new ApiError(ResultCode.wechatShareUnavailable, 200, 'unavailable');
const noAnswer = () => new ApiError(null, null, 'no response');
const noSleep = async () => {};

describe('fetchJsapiSignature', () => {
  it('asks for the page, quietly (no toast)', async () => {
    const { api, calls } = fakeApi(SIGNED);
    expect(await fetchJsapiSignature(api, PAGE, { sleep: noSleep })).toEqual(SIGNED);
    expect(calls).toEqual([{ route: LOTTERY_API.getJsapiSignature, input: { url: PAGE }, opts: { quiet: true } }]);
  });

  it('retries failures at most twice, waiting between attempts', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const { api } = fakeApi(noAnswer(), unavailable(), SIGNED);
    expect(await fetchJsapiSignature(api, PAGE, { sleep })).toEqual(SIGNED);
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms > 0)).toBe(true);

    const failing = fakeApi(noAnswer(), new ApiError(ResultCode.server, 500, 'boom'), unavailable(), SIGNED);
    await expect(fetchJsapiSignature(failing.api, PAGE, { sleep: noSleep })).rejects.toMatchObject({
      code: ResultCode.wechatShareUnavailable,
    });
    expect(failing.calls).toHaveLength(1 + MAX_RETRIES);
    expect(MAX_RETRIES).toBe(2);
  });

  it('does not retry what a retry cannot change (bad url, not configured)', async () => {
    for (const code of [ResultCode.parameter, ResultCode.wechatShareNotConfigured]) {
      const { api, calls } = fakeApi(new ApiError(code, 200, 'no'), SIGNED);
      await expect(fetchJsapiSignature(api, PAGE, { sleep: noSleep })).rejects.toMatchObject({ code });
      expect(calls).toHaveLength(1);
    }
  });
});

describe('configureWechatShare', () => {
  it('does nothing outside WeChat', async () => {
    const { api, calls } = fakeApi(SIGNED);
    const loadWx = vi.fn();
    expect(await configureWechatShare(api, { ...SHARE, url: PAGE, deps: { isWechat: () => false, loadWx } })).toBe(false);
    expect(calls).toHaveLength(0);
    expect(loadWx).not.toHaveBeenCalled();
  });

  it('inside WeChat: configures the JS-SDK with the signature, then sets both shares when ready', async () => {
    const { api } = fakeApi(unavailable(), SIGNED);
    const { wx, log, fireReady } = fakeWx();
    const warn = vi.fn();
    const ok = await configureWechatShare(api, {
      ...SHARE,
      url: PAGE,
      deps: { isWechat: () => true, loadWx: async () => wx, warn, sleep: noSleep },
    });
    expect(ok).toBe(true);
    expect(log).toHaveLength(1);
    expect(JSON.parse(log[0]?.slice('config '.length) ?? '')).toEqual({
      debug: false,
      ...SIGNED,
      jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
    });
    fireReady();
    expect(log.slice(1)).toEqual([
      `appMessage ${SHARE.title}|${SHARE.desc}|${SHARE.link}|${SHARE.imgUrl}`,
      `timeline ${SHARE.title}|${SHARE.link}|${SHARE.imgUrl}`,
    ]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('after three failed calls, or when the script does not load, only warns', async () => {
    const { api, calls } = fakeApi(noAnswer(), noAnswer(), noAnswer(), SIGNED);
    const { wx, log } = fakeWx();
    const warn = vi.fn();
    const deps = { isWechat: () => true, loadWx: async () => wx, warn, sleep: noSleep };
    await expect(configureWechatShare(api, { ...SHARE, url: PAGE, deps })).resolves.toBe(false);
    expect(calls).toHaveLength(3);
    expect(log).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);

    const second = fakeApi(SIGNED);
    const noScript = { ...deps, loadWx: async () => Promise.reject(new Error('could not load jweixin')) };
    await expect(configureWechatShare(second.api, { ...SHARE, url: PAGE, deps: noScript })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[1])).toMatch(/could not load jweixin/);
  });
});
