import type { Page } from '@playwright/test'

/** Opens `path` and waits for the page's socket to be in the user's room (socket.io's CONNECT answer): from then on it hears calls. */
export async function openListening(page: Page, path: string) {
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) ws.on('framereceived', ({ payload }) => String(payload).startsWith('40') && resolve())
    })
  })
  await page.goto(path)
  await connected
}
