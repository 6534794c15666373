import { createWechatPayProvider, type WechatPayProvider } from '../../server/wechat/pay/provider';
import { generateWechatPayKeys, startWechatPayStandIn, type WechatPayStandIn, wechatBridgeShim } from './stand-in';

/**
 * DEVELOPMENT AND TESTS ONLY: a WeChat Pay that takes no money. It makes throw-away keys, starts
 * the local stand-in (stand-in.ts) on a free port of 127.0.0.1 in this process, and returns a
 * provider wired to it plus the browser script that lets a page "pay" there. The app must refuse
 * it when NODE_ENV=production (the mall's wiring does the refusing, next to the other
 * development-only settings in production-guard.ts): orders "paid" here were never paid.
 */
export interface DevWechatPay {
  provider: WechatPayProvider;
  standIn: WechatPayStandIn;
  /** For the page: defines window.WeixinJSBridge, paying at the stand-in. */
  bridgeScript: string;
  close(): Promise<void>;
}

export async function startDevWechatPay(opts: { port?: number; appId?: string; mchid?: string } = {}): Promise<DevWechatPay> {
  const keys = generateWechatPayKeys(opts);
  const standIn = await startWechatPayStandIn({ ...keys.standInOptions, ...(opts.port !== undefined ? { port: opts.port } : {}) });
  return {
    provider: createWechatPayProvider(keys.providerConfig(standIn.url)),
    standIn,
    bridgeScript: wechatBridgeShim(standIn.url),
    close: () => standIn.close(),
  };
}
