import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import type { WechatPayConfig } from '../../server/wechat/pay/provider';
import type { WechatPayStandInOptions } from './stand-in';

/** What tests and development need around the WeChat Pay stand-in (stand-in.ts): keys and the bridge shim. */

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');

/** An RSA-2048 pair as PEM (PKCS#8 private, SPKI public), the forms WeChat Pay's files come in. */
export function generateRsaPemPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * Keys and identities for a provider and a stand-in that trust each other: a merchant RSA-2048
 * pair (the stand-in holds its public half), a "WeChat Pay" RSA-2048 pair (the provider holds
 * its public half), serials in WeChat's shapes and a 32-character APIv3 key.
 */
export function generateWechatPayKeys(ids: { appId?: string; mchid?: string } = {}): {
  standInOptions: WechatPayStandInOptions;
  providerConfig(standInUrl: string): WechatPayConfig;
} {
  const merchant = generateRsaPemPair();
  const platform = generateRsaPemPair();
  const appId = ids.appId ?? `wx${randomBytes(8).toString('hex')}`;
  const mchid = ids.mchid ?? `19${digits(8)}`;
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  const platformSerial = `PUB_KEY_ID_${digits(28)}`;
  // 32 letters and digits, like the key merchants set in the merchant platform.
  const apiV3Key = randomBytes(24).toString('base64').replace(/[+/]/g, 'x').slice(0, 32);
  return {
    standInOptions: {
      appId,
      mchid,
      merchantSerial,
      merchantPublicKey: merchant.publicKey,
      apiV3Key,
      platformPrivateKey: platform.privateKey,
      platformSerial,
    },
    providerConfig: (standInUrl) => ({
      baseUrl: standInUrl,
      appId,
      mchid,
      serialNo: merchantSerial,
      privateKey: merchant.privateKey,
      apiV3Key,
      platformSerial,
      platformPublicKey: platform.publicKey,
    }),
  };
}

/**
 * A browser script (for a page inside "WeChat": the e2e tests' addInitScript, the development
 * mode's injected <script>) that defines window.WeixinJSBridge so getBrandWCPayRequest pays at
 * the stand-in: the page's params are POSTed to /stand-in/pay and its answer given to the
 * callback. Set window.__wechatPayCancel = true to have the payer cancel instead (nothing paid).
 */
export function wechatBridgeShim(standInUrl: string): string {
  // JSON, with "<" escaped so the string cannot end an inline <script>.
  const url = JSON.stringify(standInUrl).replaceAll('<', '\\u003c');
  return `(function () {
  var standIn = ${url};
  function later(cb, value) { setTimeout(function () { cb(value); }, 0); }
  function invoke(name, params, cb) {
    cb = typeof cb === 'function' ? cb : function () {};
    if (name !== 'getBrandWCPayRequest') return later(cb, { err_msg: name + ':fail' });
    if (window.__wechatPayCancel) return later(cb, { err_msg: 'get_brand_wcpay_request:cancel' });
    fetch(standIn + '/stand-in/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) })
      .then(function (r) { return r.json(); })
      .then(cb, function () { cb({ err_msg: 'get_brand_wcpay_request:fail' }); });
  }
  window.WeixinJSBridge = { invoke: invoke, on: function () {}, call: function () {} };
  if (typeof document !== 'undefined') document.dispatchEvent(new Event('WeixinJSBridgeReady'));
})();
`;
}
