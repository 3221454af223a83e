import { expect, test, type Page } from './support/test'

/**
 * The statechart visualiser, as a product reviewer uses it: pick the outgoingCall machine, send
 * events, resolve an invoked call, advance fake time past the 60 s ring timeout, reset.
 */

const state = (page: Page, path: string) => page.locator(`svg [data-state-path="${path}"]`)
const lastEdges = (page: Page) => page.locator('svg [data-last="true"]')

test.beforeEach(async ({ page }) => {
  // Narrow windows are offered the native app once per session; a reviewer has dismissed it.
  await page.addInitScript(() => sessionStorage.setItem('workroom.app-offered', '1'))
})

test('lists the machines, draws outgoingCall, and follows events, resolved calls and fake time', async ({ page, baseURL }) => {
  // Fully offline: nothing is fetched from anywhere but the app's own server.
  const elsewhere: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:')) elsewhere.push(request.url())
  })
  await page.goto('/statecharts')
  await expect(page.getByRole('heading', { name: 'Statecharts', level: 1 })).toBeVisible()
  const row = page.locator('tr[data-machine-id="outgoingCall"]')
  await expect(row).toBeVisible()
  await expect(page.locator('tr[data-machine-id="mobileNav"]')).toBeVisible()
  await row.getByRole('link', { name: 'outgoingCall' }).click()
  await expect(page).toHaveURL(/\/statecharts\/outgoingCall$/)

  // The chart, drawn from the definition: states, the guarded and delayed transitions.
  const chart = page.getByRole('group', { name: 'Statechart of outgoingCall' })
  await expect(chart).toBeVisible()
  for (const path of ['ringing', 'cancelling', 'missing', 'answered', 'closed']) await expect(state(page, path)).toHaveCount(1)
  await expect(state(page, 'answered')).toHaveAttribute('data-state-type', 'final')
  await expect(chart).toContainText('after 60 s')
  await expect(chart).toContainText('[answeredThisCall]')

  // Initial state highlighted.
  await expect(state(page, 'ringing')).toHaveAttribute('data-active', 'true')
  await expect(state(page, 'ringing')).toHaveAttribute('aria-current', 'true')
  await expect(page.getByTestId('active-state')).toHaveText('ringing')

  // Send CANCEL: cancelling becomes the active state, the CANCEL edge is the last transition.
  await page.getByRole('button', { name: 'CANCEL', exact: true }).click()
  await expect(state(page, 'cancelling')).toHaveAttribute('data-active', 'true')
  await expect(state(page, 'ringing')).toHaveAttribute('data-active', 'false')
  await expect(lastEdges(page)).toHaveCount(1)
  await expect(lastEdges(page).first()).toContainText('CANCEL')

  // The POST call/cancel stand-in waits for the reviewer: resolve it, the overlay closes.
  await page.getByRole('button', { name: 'Resolve postCallCancel' }).click()
  await expect(state(page, 'closed')).toHaveAttribute('data-active', 'true')
  await expect(page.getByText('Status: finished (final state)')).toBeVisible()

  // Reset, then a declined RESPONSE_CALL for this call (its guard reads the payload).
  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(state(page, 'ringing')).toHaveAttribute('data-active', 'true')
  const respond = page.getByRole('button', { name: 'RESPONSE_CALL', exact: true })
  await expect(respond).toBeDisabled()
  await page.getByRole('textbox', { name: 'Payload for RESPONSE_CALL (JSON)' }).fill('{"call_id":"call-1","status":"declined"}')
  await expect(respond).toBeEnabled()
  await respond.click()
  await expect(state(page, 'closed')).toHaveAttribute('data-active', 'true')
  await expect(lastEdges(page).first()).toContainText('[closedThisCall]')

  // Reset, then fake time: 10 s is not enough, 60 s more fires the ring timeout.
  await page.getByRole('button', { name: 'Reset' }).click()
  await expect(state(page, 'ringing')).toHaveAttribute('data-active', 'true')
  const time = page.getByRole('group', { name: 'Advance fake time' })
  await time.getByRole('button', { name: '+10 s' }).click()
  await expect(page.getByTestId('fake-time')).toHaveText('10 s')
  await expect(state(page, 'ringing')).toHaveAttribute('data-active', 'true')
  await page.getByRole('button', { name: 'Reset' }).click()
  await time.getByRole('button', { name: '+60 s' }).click()
  await expect(state(page, 'missing')).toHaveAttribute('data-active', 'true')
  await expect(state(page, 'ringing')).toHaveAttribute('data-active', 'false')
  await expect(lastEdges(page).first()).toContainText('after 60 s')
  await expect(page.getByTestId('last-transition')).toContainText('ringing')

  // POST call/miss fails: the overlay closes all the same.
  await page.getByRole('button', { name: 'Reject postCallMiss' }).click()
  await expect(state(page, 'closed')).toHaveAttribute('data-active', 'true')

  // Coverage marks from the last model-test report, or the note that there is none.
  const summary = page.getByTestId('coverage-summary')
  const text = (await summary.textContent()) ?? ''
  if (text.includes('No model-test report yet') || text.includes('has no tests for this machine')) {
    await expect(page.locator('svg [data-covered]')).toHaveCount(0)
  } else {
    await expect(summary).toContainText('transitions')
    await expect(page.locator('svg [data-covered="true"]').first()).toBeVisible()
  }
  expect(elsewhere).toEqual([])
})

test('is usable at 360 px: the chart opens fitted, zoomed in it scrolls, the panel sends events', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/statecharts/outgoingCall')
  await expect(state(page, 'ringing')).toHaveAttribute('data-active', 'true')
  const scroller = page.getByTestId('diagram-scroller')
  const overflow = () => scroller.evaluate((el) => el.scrollWidth - el.clientWidth)
  expect(await overflow()).toBe(0)
  await page.getByRole('button', { name: 'Actual size' }).click()
  await expect.poll(overflow).toBeGreaterThan(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.getByRole('button', { name: 'CANCEL', exact: true }).click()
  await expect(state(page, 'cancelling')).toHaveAttribute('data-active', 'true')
})

test('opens each chart fitted to its frame: incomingCall is not cut off on the left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  for (const id of ['incomingCall', 'outgoingCall', 'session']) {
    await page.goto(`/statecharts/${id}`)
    const chart = page.getByRole('group', { name: `Statechart of ${id}` })
    await expect(chart).toBeVisible()
    const scroller = page.getByTestId('diagram-scroller')
    const fit = await scroller.evaluate((el) => {
      const box = el.getBoundingClientRect()
      const svg = el.querySelector('svg')!.getBoundingClientRect()
      return {
        scrollLeft: el.scrollLeft,
        overflowX: el.scrollWidth - el.clientWidth,
        inside: svg.left >= box.left && svg.right <= box.right && svg.top >= box.top && svg.bottom <= box.bottom,
      }
    })
    expect(fit, id).toEqual({ scrollLeft: 0, overflowX: 0, inside: true })
  }
})

test('an unknown machine id says so', async ({ page }) => {
  await page.goto('/statecharts/noSuchMachine')
  await expect(page.getByRole('heading', { name: 'No machine called noSuchMachine' })).toBeVisible()
})
