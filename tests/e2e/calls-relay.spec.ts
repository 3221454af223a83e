import { expect, test, type Page } from './support/test'
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from '../support/chromium'
import { killTurn, startTurn, TURN_AVAILABLE } from '../support/turn'
import { openListening } from './support/listening'
import { apiAs, person } from './support/people'

/**
 * A call through TURN only: both browsers are made to gather relay candidates alone
 * (iceTransportPolicy 'relay' forced on every RTCPeerConnection of the page), so media can only
 * flow through coturn on loopback, reached with the time-limited credentials the server derives
 * from ICE_SERVERS' shared secret (tests/e2e/global-setup.ts starts both). Then a network blip:
 * coturn killed (every relay gone) and started again; the call recovers by an ICE restart, new
 * relays, without anyone leaving the room.
 */
// As the other media journeys: fake camera pages share the two cores with the server, coturn and
// each other; a relay pair not selected within 20 s (seen once in several full runs, both sides
// "Connected") runs once more.
test.describe.configure({ retries: 1 })

test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--disable-quic', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
})

/** Every RTCPeerConnection of the page is relay-only, and kept where the test can ask it for stats. */
async function relayOnly(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection
    const made: RTCPeerConnection[] = []
    ;(window as unknown as { relayConnections: RTCPeerConnection[] }).relayConnections = made
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super({ ...config, iceTransportPolicy: 'relay' })
        made.push(this)
      }
    } as typeof RTCPeerConnection
  })
}

/** The local candidate types of the page's connected candidate pairs, and the bytes they received. */
function relayedMedia(page: Page) {
  return page.evaluate(async () => {
    const connections = (window as unknown as { relayConnections: RTCPeerConnection[] }).relayConnections
    const found: { types: string[]; bytesReceived: number } = { types: [], bytesReceived: 0 }
    for (const pc of connections) {
      if (pc.connectionState !== 'connected') continue
      const stats = await pc.getStats()
      stats.forEach((report: { type: string; state?: string; nominated?: boolean; localCandidateId?: string; bytesReceived?: number }) => {
        if (report.type !== 'candidate-pair' || report.state !== 'succeeded' || !report.nominated) return
        const local = stats.get(report.localCandidateId ?? '') as { candidateType?: string } | undefined
        found.types.push(local?.candidateType ?? 'unknown')
        found.bytesReceived += report.bytesReceived ?? 0
      })
    }
    return found
  })
}

/** Relay pairs only, and bytes that keep coming through them. */
async function receivesThroughRelay(page: Page) {
  await expect.poll(async () => (await relayedMedia(page)).types, { timeout: 20_000 }).toEqual(['relay'])
  const before = (await relayedMedia(page)).bytesReceived
  await expect.poll(async () => (await relayedMedia(page)).bytesReceived, { timeout: 10_000 }).toBeGreaterThan(before)
}

test('a call carries media through TURN when only relay candidates are allowed, and recovers from the relay going away', async ({
  browser,
}) => {
  test.skip(!TURN_AVAILABLE, 'coturn (Debian turnserver) is not installed here; .ci/run installs it')
  test.setTimeout(180_000)
  const eve = await person(browser, 'Eve Relay')
  const fay = await person(browser, 'Fay Relay')
  await relayOnly(eve.page)
  await relayOnly(fay.page)
  const topic = await apiAs(eve).get(`topic/chat-friend?customer_id=${fay.user.userId}`)

  await openListening(fay.page, '/chat')
  await openListening(eve.page, `/chat/${topic._id}`)
  await eve.page.getByRole('button', { name: 'Video call Fay Relay' }).click()
  await fay.page.getByRole('dialog', { name: 'Incoming call from Eve Relay' }).getByRole('button', { name: 'Answer' }).click()

  const connected = (page: Page) => page.getByRole('status').filter({ hasText: 'Connected' })
  for (const page of [eve.page, fay.page]) {
    await expect(connected(page)).toBeVisible({ timeout: 30_000 })
    await receivesThroughRelay(page)
  }

  // The relay goes away: both sides see the call reconnecting, and stay in the room.
  killTurn()
  try {
    for (const page of [eve.page, fay.page]) await expect(page.getByText('Reconnecting…')).toBeVisible({ timeout: 30_000 })
  } finally {
    startTurn()
  }
  // Back: an ICE restart finds new relays, media flows again, nobody left.
  for (const page of [eve.page, fay.page]) {
    await expect(connected(page)).toBeVisible({ timeout: 45_000 })
    await expect(page).toHaveURL(/\/room\//)
    await receivesThroughRelay(page)
  }
  await eve.page.getByRole('button', { name: 'Leave' }).click()
  await expect(eve.page).toHaveURL(new RegExp(`/chat/${topic._id}$`))
})
