import { axeProblems } from './support/axe'
import { expect, test, type Page } from './support/test'
import { FAKE_MEDIA_LAUNCH } from './support/fake-media'
import { openListening } from './support/listening'
import { apiAs, apiPerson, messagesOf, person } from './support/people'

/**
 * Calls over the real server with Chromium's fake camera and microphone: a 1:1 video call that
 * rings on both of the callee's tabs, is answered on one (the other stops ringing), carries media
 * both ways (the remote video has frames, and getStats' inbound-rtp bytes grow on each side), and
 * leaves its summary in the chat; and a call nobody answers, missed after the caller's 60 s (the
 * page's clock is advanced, nothing waits for real time).
 */
// Fake camera pages share this machine's two cores with the server and each other: a journey whose
// media did not start in time (seen once in several runs, with both sides connected) runs once more.
test.describe.configure({ retries: 1 })

test.use({
  // axe goes in as an inline script, which the app's Content-Security-Policy refuses to run.
  bypassCSP: true,
  launchOptions: FAKE_MEDIA_LAUNCH,
})

/** The remote participant's tile in the room. */
const tileOf = (page: Page, participantId: string) => page.locator(`[data-participant="${participantId}"]`)

/** Bytes the remote participant's media brought so far (getStats inbound-rtp, as the tile renders it). */
const bytesFrom = async (page: Page, participantId: string) =>
  Number((await tileOf(page, participantId).locator('video').getAttribute('data-bytes-received')) ?? 0)

async function receivesMediaFrom(page: Page, participantId: string) {
  const video = tileOf(page, participantId).locator('video')
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0)
  const before = await bytesFrom(page, participantId)
  await expect.poll(() => bytesFrom(page, participantId), { timeout: 10_000 }).toBeGreaterThan(before)
}

test('a 1:1 video call: rings on both tabs, answered on one, media both ways, hang up, the summary in the chat', async ({ browser }) => {
  test.setTimeout(150_000)
  const ann = await person(browser, 'Ann Caller')
  const bao = await person(browser, 'Bao Callee')
  const baoOther = await bao.page.context().newPage()
  const topic = await apiAs(ann).get(`topic/chat-friend?customer_id=${bao.user.userId}`)

  await openListening(baoOther, '/chat')
  await openListening(bao.page, '/chat')
  await openListening(ann.page, `/chat/${topic._id}`)
  await ann.page.getByRole('button', { name: 'Video call Bao Callee' }).click()
  await expect(ann.page.getByRole('dialog', { name: 'Calling Bao Callee' })).toBeVisible()

  // It rings on both of Bao's tabs; answering on one stops the other.
  const ringing = (page: Page) => page.getByRole('dialog', { name: 'Incoming call from Ann Caller' })
  await expect(ringing(bao.page)).toBeVisible()
  await expect(ringing(baoOther)).toBeVisible()
  await expect(ringing(bao.page).getByText('Video call')).toBeVisible()
  await ringing(bao.page).getByRole('button', { name: 'Answer' }).click()
  await expect(ringing(baoOther)).toHaveCount(0)

  // Both are in the room and receive each other's media.
  await expect(ann.page).toHaveURL(/\/room\//)
  await expect(bao.page).toHaveURL(/\/room\//)
  await expect(ann.page.getByRole('dialog', { name: 'Calling Bao Callee' })).toHaveCount(0)
  // Joining waits for the camera, the microphone and the server's seat (slow on a busy machine).
  await expect(ann.page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
  await expect(bao.page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 })
  await receivesMediaFrom(ann.page, bao.user.userId)
  await receivesMediaFrom(bao.page, ann.user.userId)

  // The room fits a phone, a tablet and a laptop: both tiles and every control, no sideways scrolling.
  for (const width of [360, 768, 1024]) {
    await bao.page.setViewportSize({ width, height: 740 })
    for (const name of ['Microphone', 'Camera', 'Devices', 'Call chat', 'Leave'])
      await expect(bao.page.getByRole('group', { name: 'Call controls' }).getByRole('button', { name })).toBeInViewport()
    await expect(tileOf(bao.page, ann.user.userId)).toBeInViewport()
    expect(await bao.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    if (width !== 768) expect(await axeProblems(bao.page, { names: false })).toEqual([])
  }

  // Mute shows on the other side.
  await bao.page.getByRole('button', { name: 'Microphone' }).click()
  await expect(tileOf(ann.page, bao.user.userId).getByText('Muted')).toBeAttached()

  // The call's own chat beside the tiles: what Ann writes there, Bao reads there, without leaving the room.
  const callChat = (page: Page) => page.getByRole('complementary', { name: 'Call chat' })
  await ann.page.getByRole('button', { name: 'Call chat' }).click()
  await bao.page.getByRole('button', { name: 'Call chat' }).click()
  const annBox = callChat(ann.page).getByRole('textbox', { name: 'Message' })
  await annBox.fill('Can you hear me now?')
  await annBox.press('Enter')
  await expect(messagesOf(callChat(bao.page)).getByText('Can you hear me now?')).toBeVisible()
  await expect(tileOf(bao.page, ann.user.userId)).toBeVisible()

  // Hang up: Ann is back in the chat, which shows the call's summary; Bao's room ends too.
  await ann.page.getByRole('button', { name: 'Leave' }).click()
  await expect(ann.page).toHaveURL(new RegExp(`/chat/${topic._id}$`))
  await expect(messagesOf(ann.page).getByText(/^Video call, \d+:\d\d$/)).toBeVisible()
  await expect(bao.page).toHaveURL(new RegExp(`/chat/${topic._id}$`), { timeout: 15_000 })
  await expect(messagesOf(bao.page).getByText(/^Video call, \d+:\d\d$/)).toBeVisible()
})

test('a call nobody answers ends as missed after the caller’s 60 s', async ({ browser, request }) => {
  const cam = await person(browser, 'Cam Caller')
  const dan = await apiPerson(request, 'Dan Away')
  const topic = await apiAs(cam).get(`topic/chat-friend?customer_id=${dan.user.userId}`)

  await cam.page.clock.install()
  await cam.page.goto(`/chat/${topic._id}`)
  // The chat list's rows come after the first page's paint, as the call overlays do: once they show,
  // the page's own frame and timer that the paint waits for have run.
  await expect(cam.page.getByRole('list', { name: 'Chats' })).toBeVisible()
  // The page's time stands still from here (an installed clock otherwise runs on with real time,
  // and a busy machine's seconds before runFor would bring the 60 s closer).
  await cam.page.clock.pauseAt(await cam.page.evaluate(() => Date.now() + 5_000))
  await cam.page.getByRole('button', { name: 'Voice call Dan Away' }).click()
  const calling = cam.page.getByRole('dialog', { name: 'Calling Dan Away' })
  await expect(calling.getByRole('status')).toHaveText('Ringing…')
  // The waiting tone plays at volume 0.2 while it rings.
  await expect(calling.locator('audio[data-tone="waiting"]')).toHaveAttribute('data-volume', '0.2')

  await cam.page.clock.runFor(59_000)
  await expect(calling.getByRole('status')).toHaveText('Ringing…')
  await cam.page.clock.runFor(1_000)
  await expect(calling).toHaveCount(0)
  await expect(messagesOf(cam.page).getByText('Missed call')).toBeVisible()
  const call = (await apiAs(dan).get(`topic/messages?topic_id=${topic._id}&page=1`)).find((m: { type: string }) => m.type === 'call')
  expect(JSON.parse(call.message)).toMatchObject({ status: 'missed', is_video: false })
})
