import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_CHROMIUM_PATH } from './tests/support/chromium'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100)

/**
 * The journeys that run in the full browser rather than its headless shell: push and the browser
 * notification need real window focus (there, bringing one page to the front blurs the other), and
 * the four-person Janus meeting received no video in the shell in 2 of 2 runs (0 of 2 in the full browser).
 */
const FULL_BROWSER_SPECS = /(push|notifications|meetings)\.spec\.ts$/
const launchIn = (executablePath: string) => ({ executablePath, args: [...CHROMIUM_ARGS, '--disable-quic'] })

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A retried test records its trace on the retry (actions, DOM snapshots, console, network; no
    // screencast). Recording every test cost about a sixth of the run here; a failure still prints its
    // call log and leaves the page's ARIA snapshot (error-context.md), and `--trace on` records all.
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true },
  },
  projects: [
    { name: 'chromium', testIgnore: FULL_BROWSER_SPECS, use: { browserName: 'chromium', launchOptions: launchIn(E2E_CHROMIUM_PATH) } },
    { name: 'chromium-full', testMatch: FULL_BROWSER_SPECS, use: { browserName: 'chromium', launchOptions: launchIn(CHROMIUM_PATH) } },
  ],
})
