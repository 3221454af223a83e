import { test as base } from '@playwright/test'

export * from '@playwright/test'

/**
 * Playwright's `test`, closing at the end of each test every browser context the test opened with
 * `browser.newContext()` (the people of support/people.ts, a second tab's window): Playwright closes
 * only its own `context`, and a context left open keeps its app running (sockets, timers, media) in
 * the worker's browser for the rest of the run.
 */
export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      await use()
      await Promise.all(browser.contexts().map((context) => context.close()))
    },
    { auto: true },
  ],
})
