import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { generateWechatPayKeys, type WechatPayStandInOptions } from './src/dev/wechat-pay/stand-in';

/**
 * Browser journeys on the production build, in the system's Chromium (no browser download).
 * The server runs on a fresh SQLite file; store links and the makers-tools host point back at it
 * so no test leaves this machine.
 */
// Chosen once by the main process (workers inherit the environment), so a run never collides
// with another server on this machine.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const PORT = Number(process.env.E2E_PORT);
const BASE = `http://127.0.0.1:${PORT}`;
export const WECHAT_PORT = Number(process.env.E2E_WECHAT_PORT ?? PORT - 1);
// The mall journey's WeChat: WeChat Pay's stand-in, and the official account WeChat Pay is bound to
// (its own OAuth stand-in, so it never shares a port with the WeChat sign-in journeys).
export const WECHAT_PAY_PORT = PORT - 2;
export const WECHAT_MP_PORT = PORT - 3;
export const WECHAT_MP = { appId: 'wx0123456789abcdee', appSecret: 'e2e-wechat-mp-secret-012345' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Also chosen once: journeys that set up data with the operator commands (raffle campaigns, staff
// roles) open the server's database through E2E_DATA_DIR.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

// Merchant and WeChat Pay keys made once per run (workers read the same file): the server signs
// with them, the journey's stand-in verifies with them.
const payKeysFile = path.join(dataDir, 'wechat-pay-keys.json');
if (!fs.existsSync(payKeysFile)) {
  const keys = generateWechatPayKeys({ appId: WECHAT_MP.appId, mchid: '1900000109' });
  const config = keys.providerConfig(`http://127.0.0.1:${WECHAT_PAY_PORT}`);
  fs.writeFileSync(payKeysFile, JSON.stringify({ standIn: keys.standInOptions, config }));
}
const payKeys = JSON.parse(fs.readFileSync(payKeysFile, 'utf8')) as {
  standIn: WechatPayStandInOptions;
  config: ReturnType<ReturnType<typeof generateWechatPayKeys>['providerConfig']>;
};
/** What the mall journey's WeChat Pay stand-in is started with. */
export const WECHAT_PAY_STAND_IN: WechatPayStandInOptions = { ...payKeys.standIn, port: WECHAT_PAY_PORT };

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  // Two browsers, the server and the operator commands share two cores in CI: a step that loads a
  // page, hydrates it and makes a call can take longer there than Playwright's default of 5 s.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE,
    ...devices['Pixel 7'],
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    trace: 'off',
  },
  webServer: {
    command: 'node build/app/main.js',
    url: `${BASE}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      // Not production: the accounts journeys read verification codes from the development
      // outbox (/__dev/outbox.json), which start-up refuses in production. Pages and assets are
      // still the production build; only the server's React runs its development build.
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      DATABASE_URL: `file:${path.join(dataDir, 'e2e.sqlite')}`,
      FILES_DIR: path.join(dataDir, 'files'),
      MAKERS_TOOLS_URL: BASE,
      IOS_APP_URL: `${BASE}/__store/ios`,
      ANDROID_APP_URL: `${BASE}/__store/android`,
      // The OAuth server's issuer, and a third-party app whose redirect lands back on this server.
      PUBLIC_URL: BASE,
      // WeChat sign-in: the test runs a stand-in of WeChat's API on this port (tests/e2e/wechat.spec.ts).
      WECHAT_CLIENTS: JSON.stringify([
        {
          clientId: 'wechat-h5',
          appId: 'wx0123456789abcdef',
          appSecret: 'e2e-wechat-secret-0123456789',
          apiBase: `http://127.0.0.1:${WECHAT_PORT}`,
        },
        { clientId: 'wechat-mp', ...WECHAT_MP, apiBase: `http://127.0.0.1:${WECHAT_MP_PORT}` },
      ]),
      // The mall pays with the production provider, at the journey's WeChat Pay stand-in.
      WECHAT_PAY_CLIENT_ID: 'wechat-mp',
      WECHAT_PAY_APP_ID: payKeys.config.appId,
      WECHAT_PAY_MCHID: payKeys.config.mchid,
      WECHAT_PAY_SERIAL_NO: payKeys.config.serialNo,
      WECHAT_PAY_PRIVATE_KEY: payKeys.config.privateKey,
      WECHAT_PAY_API_V3_KEY: payKeys.config.apiV3Key,
      WECHAT_PAY_PLATFORM_SERIAL: payKeys.config.platformSerial,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: payKeys.config.platformPublicKey,
      WECHAT_PAY_BASE_URL: payKeys.config.baseUrl,
      WECHAT_WEB_CLIENT_ID: 'wechat-h5',
      OAUTH_CLIENTS: JSON.stringify([{ clientId: 'e2e-app', name: 'Slicer Pro', redirectUris: [`${BASE}/__e2e/oauth-callback`] }]),
      // Analytics: the collector writes every 200 ms, so journeys see their events quickly.
      ANALYTICS_FLUSH_MS: '200',
    },
  },
});
