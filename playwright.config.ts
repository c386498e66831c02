import { defineConfig } from '@playwright/test';

// Journeys run in Debian's Chromium against the production build served by the real server,
// on a fresh in-memory embedded database.
const port = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: '__tests__/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two files at a time (E2E_WORKERS overrides): each journey makes its own customers, and what the
  // journeys change on the shared server is per customer (outbox, payouts released, proofs decided).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failing journey runs once more, recording its trace then (trace below); one that passes only
  // on that second run is flaky, and a flaky journey still fails the run.
  retries: 1,
  failOnFlakyTests: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    // A trace (each action's DOM snapshot) is recorded only on that second run: recording one for
    // every journey, to keep it on failure, made the whole run about a fifth slower (218 s against
    // 175 s). The trace's screencast, a frame encoded at every paint, is left out: it halved the
    // journeys' CPU time. The first run's failure keeps its screenshot.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
  },
  // The longest journey (every screen at three widths, phone.spec.ts) starts first, so that the
  // other worker runs the rest meanwhile instead of it starting halfway and ending alone.
  projects: [
    { name: 'phone', testMatch: '**/phone.spec.ts' },
    { name: 'journeys', testIgnore: '**/phone.spec.ts' },
  ],
  webServer: {
    command: 'npm run build:server && node dist/server/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: ':memory:',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SIMULATORS: 'on',
      SUPPORT_TOOLS: 'on',
      // Payouts settle in the background here (NODE_ENV=test alone leaves the job off).
      PAYOUT_JOB: 'on',
      // E-mails about events are sent by the notifications job, so journeys can read them in the outbox.
      NOTIFY_JOB: 'on',
      // Longer than any journey: a journey sees its payout pending, then has the simulated rail
      // answer at once (POST /api/dev/payouts/release) instead of waiting for it.
      PAYOUT_SETTLE_MS: '600000',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A token argon2 cost (allowed under NODE_ENV=test only, as in the Jest suite): the journeys
      // make many customers and sign in often; the production cost would dominate their time.
      PASSWORD_HASH_MEMORY_KIB: '64',
      PASSWORD_HASH_TIME_COST: '1',
      // E2E_PUBLIC_DIR serves another build (parallel runs while developing); default dist/public.
      ...(process.env.E2E_PUBLIC_DIR ? { PUBLIC_DIR: process.env.E2E_PUBLIC_DIR } : {}),
    },
  },
});
