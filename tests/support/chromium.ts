import { existsSync } from 'node:fs'

/** Debian's Chromium (Playwright's own browser download does not work here), as the benches and push.spec launch it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell'
/**
 * The journeys' browser: Debian's Chromium headless shell (package chromium-headless-shell), the
 * same Blink, V8 and WebRTC without the full browser around them, as Playwright runs headless by
 * default; the full browser where the shell is not installed. friends.spec took 36 s of CPU in the
 * shell against 60 s in the full browser (docs/testing.md).
 */
export const E2E_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH)

/** Flags for a quiet headless run: no sandbox (root in CI), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
