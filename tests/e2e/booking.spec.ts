import { axeProblems } from './support/axe'
import { expect, test, type Page } from './support/test'
import { latestEmailPreview } from './support/email-log'
import { person } from './support/people'

/**
 * Booking pages end to end: Ann creates her slots (every day of the week, so a free time shows
 * whatever day the run is on) and copies the public link from /calendar/booked; a guest, signed
 * out in a browser of their own, opens it, picks the first free time, gives a name and an email and
 * requests it (the proof of work runs in the page's Web Worker), and lands on /booked/success with
 * the time in their zone. Ann is notified of the request, opens the notification onto
 * /calendar/booked and approves it; the guest's confirmation email is sent.
 */
const TITLE = 'Consultation with Ann'
// axe goes in as an inline script, which the app's Content-Security-Policy refuses to run.
test.use({ bypassCSP: true })

/** The week's free times, or the next week's when this one has none left. */
async function firstFreeTime(page: Page) {
  const times = page.getByRole('list', { name: 'Free times' })
  await expect(page.getByText('Loading free times…')).toHaveCount(0)
  if ((await times.count()) === 0) {
    await page.getByRole('button', { name: 'Next week' }).click()
    await expect(page.getByText('Loading free times…')).toHaveCount(0)
  }
  return times.getByRole('button').first()
}

test('a guest books a time on a booking page; its owner is notified and approves it', async ({ browser }) => {
  test.slow()
  const ann = await person(browser, 'Ann Booking')
  const page = ann.page

  // Ann's bookings page: no booking pages yet; she creates her slots.
  await page.goto('/calendar/booked')
  await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible()
  await expect(page.getByText(/No booking pages yet/)).toBeVisible()
  await page.getByRole('link', { name: 'Create your slots' }).click()
  const form = page.getByRole('form', { name: 'Create your slots' })
  expect(await axeProblems(page)).toEqual([])
  await form.getByLabel('Title').fill(TITLE)
  await form.getByLabel('Minimum notice (minutes)').fill('0')
  // Monday to Friday 09:00–17:00 come preset; the whole of every day instead.
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await form.getByLabel(`${day} window 1 from`).fill('00:00')
    await form.getByLabel(`${day} window 1 to`).fill('23:30')
  }
  for (const day of ['Saturday', 'Sunday']) {
    await form.getByRole('button', { name: `Add time on ${day}` }).click()
    await form.getByLabel(`${day} window 1 from`).fill('00:00')
    await form.getByLabel(`${day} window 1 to`).fill('23:30')
  }
  await form.getByRole('button', { name: 'Publish' }).click()

  // Back on /calendar/booked: the page with its public link.
  await expect(page).toHaveURL(/\/calendar\/booked$/)
  const row = page.getByRole('list', { name: 'Your booking pages' }).getByRole('listitem', { name: TITLE })
  await expect(row.getByRole('checkbox', { name: 'Taking bookings' })).toBeChecked()
  const link = (await row.getByRole('link', { name: /\/booking\// }).getAttribute('href'))!
  expect(link).toMatch(/\/booking\/[^/]+$/)
  await expect(page.getByText('Nobody has booked your pages yet.')).toBeVisible()
  expect(await axeProblems(page)).toEqual([])

  // A guest, signed out, in a browser of their own (another time zone).
  const guestContext = await browser.newContext({ viewport: { width: 360, height: 740 }, timezoneId: 'Asia/Ho_Chi_Minh' })
  const guest = await guestContext.newPage()
  await guest.goto(new URL(link).pathname)
  // A phone-sized window is offered the app first, once: Continue in browser goes back to the page.
  const heading = guest.getByRole('heading', { name: TITLE, level: 1 })
  const inBrowser = guest.getByRole('link', { name: 'Continue in browser' })
  await expect(heading.or(inBrowser)).toBeVisible()
  if (await inBrowser.isVisible()) await inBrowser.click()
  await expect(heading).toBeVisible()
  await expect(guest.getByText('Ann Booking')).toBeVisible()
  // (Chromium names the zone by its older alias, Asia/Saigon.)
  const zone = /Asia\/(Ho Chi Minh|Saigon) \(GMT\+07:00\)/
  await expect(guest.getByText(/^Times in /)).toHaveText(zone)
  const time = await firstFreeTime(guest)
  expect(await axeProblems(guest)).toEqual([])
  const clock = (await time.textContent())!
  await time.click()
  const details = guest.getByRole('form', { name: 'Your details' })
  await expect(details.getByText(clock, { exact: false })).toBeVisible()
  await details.getByRole('button', { name: 'Request this time' }).click()
  await expect(details.getByText('Write your name')).toBeVisible()
  expect(await axeProblems(guest)).toEqual([])
  const email = `lan.guest.${Date.now()}@example.com`
  await details.getByLabel('Your name').fill('Lan Guest')
  await details.getByLabel('Your email').fill(email)
  await details.getByLabel('Note (optional)').fill('About the roadmap')
  await details.getByRole('button', { name: 'Request this time' }).click()

  // The proof of work, then the request: /booked/success with the time in the guest's zone.
  await expect(guest).toHaveURL(/\/booked\/success\?/, { timeout: 30_000 })
  await expect(guest.getByRole('heading', { name: 'Your request was sent' })).toBeVisible()
  await expect(guest.getByRole('status')).toContainText(TITLE)
  await expect(guest.getByRole('status')).toContainText(clock)
  await expect(guest.getByRole('status')).toContainText(zone)
  await expect(guest.getByRole('link', { name: 'Cancel this booking' })).toBeVisible()
  expect(await axeProblems(guest)).toEqual([])

  const success = guest.url()

  // Ann, still on /calendar/booked, sees the request arrive (BOOKING_CHANGED) and is notified; the
  // notification opens /calendar/booked, where she approves the request.
  await expect(page.getByRole('list', { name: 'Bookings of your pages' }).getByRole('listitem')).toHaveCount(1)
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread, new')
  await page.goto('/home')
  await bell.click()
  const drawer = page.getByRole('dialog', { name: 'Notifications' })
  await drawer.getByRole('button', { name: new RegExp(`^New booking request for ${TITLE} at `) }).click()
  await expect(page).toHaveURL(/\/calendar\/booked$/)
  const request = page.getByRole('list', { name: 'Bookings of your pages' }).getByRole('listitem').first()
  await expect(request).toContainText('Lan Guest')
  await expect(request).toContainText(email)
  await expect(request).toContainText('About the roadmap')
  await expect(request).toContainText('Waiting for approval')
  await request.getByRole('button', { name: /^Approve Lan Guest, / }).click()
  await expect(request).toContainText('Approved')
  await expect(request.getByRole('button', { name: /^Approve/ })).toHaveCount(0)
  expect(await axeProblems(page)).toEqual([])

  // The guest is told by email, with the confirmation.
  const preview = await latestEmailPreview(email, new RegExp(`^Confirmed: ${TITLE}`))
  await guest.goto(preview)
  await expect(guest.getByText(/approved your booking/)).toBeVisible()

  // The guest cancels with their link (asked first); Ann sees it canceled, live.
  await guest.goto(success)
  await guest.getByRole('link', { name: 'Cancel this booking' }).click()
  await guest.getByRole('button', { name: 'Cancel my booking' }).click()
  await guest.getByRole('group', { name: 'Confirm canceling your booking' }).getByRole('button', { name: 'Yes, cancel it' }).click()
  await expect(guest.getByRole('status')).toContainText(/^Your booking for .* is canceled\.$/)
  await expect(request).toContainText('Canceled')
  await expect(request.getByRole('button')).toHaveCount(0)

  // Ann renames her page, then stops taking bookings: the guest's page says so.
  await row.getByRole('link', { name: `Edit ${TITLE}` }).click()
  const edit = page.getByRole('form', { name: 'Edit your slots' })
  await expect(edit.getByLabel('Title')).toHaveValue(TITLE)
  await edit.getByLabel('Title').fill(`${TITLE} (online)`)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/calendar\/booked$/)
  const renamed = page.getByRole('list', { name: 'Your booking pages' }).getByRole('listitem', { name: `${TITLE} (online)` })
  // (The switch turns once the server has it.)
  await renamed.getByRole('checkbox', { name: 'Taking bookings' }).click()
  await expect(renamed.getByRole('checkbox', { name: 'Taking bookings' })).not.toBeChecked()
  await guest.getByRole('button', { name: 'Book another time' }).click()
  await expect(guest.getByText('This booking page is not taking bookings right now.')).toBeVisible()
  await guest.reload()
  await expect(guest.getByRole('heading', { name: `${TITLE} (online)`, level: 1 })).toBeVisible()
  await expect(guest.getByText('This booking page is not taking bookings right now.')).toBeVisible()
  await guestContext.close()
})
