import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

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
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Also chosen once: journeys that set up data with the operator commands (raffle campaigns, staff
// roles) open the server's database through E2E_DATA_DIR.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'cxy-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
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
      ]),
      WECHAT_WEB_CLIENT_ID: 'wechat-h5',
      OAUTH_CLIENTS: JSON.stringify([{ clientId: 'e2e-app', name: 'Slicer Pro', redirectUris: [`${BASE}/__e2e/oauth-callback`] }]),
      // Analytics: the collector writes every 200 ms, so journeys see their events quickly.
      ANALYTICS_FLUSH_MS: '200',
    },
  },
});
