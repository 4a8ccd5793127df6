import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.BUILD_DIR ?? 'dist';
const dataDir = `data/e2e-${port}`;
/** The local stand-in for WeChat's website login (tests/e2e/wechat.spec.ts): one per e2e server. */
const wechatFakePort = port + 1000;

/** Journeys in Debian's Chromium against the production build, on a fresh seeded SQLite store. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The shelf the journeys' own parts are put on (part-fixtures.ts), made once before any journey runs.
    { name: 'store', testMatch: /store\.setup\.ts$/ },
    { name: 'journeys', dependencies: ['store'] },
  ],
  webServer: [
    {
      command: 'node --import tsx src/server/features/wechat/testing/fake-wechat-main.ts',
      url: `http://127.0.0.1:${wechatFakePort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { WECHAT_FAKE_PORT: String(wechatFakePort) },
    },
    {
      command: `rm -rf ${dataDir} && node ${buildDir}/server/main.js`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `${dataDir}/store.sqlite`,
        UPLOAD_DIR: `${dataDir}/uploads`,
        BUILD_DIR: buildDir,
        SEED_SKUS: '3000',
        SMS_OUTBOX_ENABLED: 'true',
        // Every journey's browser comes from 127.0.0.1: the hourly limit per address is a real client's, not the whole suite's.
        SMS_SENDS_PER_IP_HOUR: '500',
        PHONE_LOOKUPS_PER_IP_HOUR: '5000',
        PAYMENT_DEV_ENABLED: 'true',
        FAVORITE_ALERT_INTERVAL_MS: '1000',
        // The webhook journey's receiver listens on 127.0.0.1 (production refuses private addresses otherwise).
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // POST /dev/caches/tick: a journey lets the caches read its change now instead of waiting out their second.
        CACHE_TICK_HOOK_ENABLED: 'true',
        LOG_LEVEL: 'warn',
        WECHAT_APP_ID: 'wxfake0000000001',
        WECHAT_APP_SECRET: 'fake-wechat-app-secret-0001',
        WECHAT_OPEN_BASE: `http://127.0.0.1:${wechatFakePort}`,
        WECHAT_API_BASE: `http://127.0.0.1:${wechatFakePort}`,
      },
    },
  ],
});
