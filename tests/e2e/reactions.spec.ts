import { expect, test, type Page } from './support/test'
import { apiAs, messagesOf, person } from './support/people'
import { axeProblems } from './support/axe'

// axe-core goes in as an inline script, which the app's CSP refuses (support/axe.ts).
test.use({ bypassCSP: true })

/**
 * Reactions between two people in their own browsers (Bao's a 360 px phone): Ann reacts to a
 * message from its menu's quick reactions; Bao sees it live with the count, and Ann's name on a long
 * press; he adds the same emoji by a tap (2, both highlighted for whom it is theirs) and Ann sees it
 * live with both names on hover; Ann opens the full picker (axe finds nothing serious), searches
 * and picks an emoji that reaches Bao too, then the channel's custom emoji (which Ann, its owner, added
 * on the channel's Custom emoji page); Bao takes his back.
 */
/** A 1×1 PNG, the custom emoji's image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
/** A message's row: an article of the messages' feed. */
const rowOf = (page: Page, text: string) => messagesOf(page).getByRole('article').filter({ hasText: text })
const chip = (page: Page, text: string, emoji: string) =>
  rowOf(page, text)
    .getByRole('group', { name: 'Reactions' })
    .getByRole('button', { name: new RegExp(`^${emoji} \\d+ (person|people) reacted`) })

test('reactions: quick reaction, live counts and names, the same emoji by the other, the full picker', async ({ browser }) => {
  test.slow()
  const ann = await person(browser, 'Ann React')
  const bao = await person(browser, 'Bao React', { width: 360, height: 740 })
  const channel = await apiAs(ann).post('channel/create', { name: 'Reacting', is_public: true })
  await apiAs(bao).post('channel/join', { channel_id: channel._id })
  const general = ((await apiAs(ann).get(`topic-in-channel?channel_id=${channel._id}`)) as { _id: string }[])[0]!
  await apiAs(ann).post('message/send', { client_id: crypto.randomUUID(), topic_id: general._id, message: 'Ship it today?' })

  // Ann, the channel's owner, adds a custom emoji on the channel's Custom emoji page.
  await ann.page.goto(`/chat/channel/${channel._id}/emoji`)
  const add = ann.page.getByRole('form', { name: 'Add a custom emoji' })
  await add.getByRole('textbox', { name: 'Shortcode' }).fill(':Parrot:')
  await add
    .getByLabel('Image (PNG, JPEG, GIF or WebP, at most 256 KB)')
    .setInputFiles({ name: 'parrot.png', mimeType: 'image/png', buffer: PNG })
  await add.getByRole('button', { name: 'Add emoji' }).click()
  await expect(ann.page.getByRole('region', { name: 'Custom emoji' }).getByRole('listitem')).toHaveText([':parrot:Delete'])
  for (const { page } of [ann, bao]) {
    await page.goto(`/chat/${general._id}`)
    await expect(rowOf(page, 'Ship it today?')).toBeVisible()
  }

  // Ann: the message's menu, its quick reactions.
  await rowOf(ann.page, 'Ship it today?').hover()
  await rowOf(ann.page, 'Ship it today?').getByRole('button', { name: 'Actions for message from Ann React' }).click()
  await ann.page.getByRole('menuitem', { name: 'React with 👍' }).click()
  await expect(chip(ann.page, 'Ship it today?', '👍')).toHaveAccessibleName('👍 1 person reacted, including you')
  await expect(chip(ann.page, 'Ship it today?', '👍')).toHaveAttribute('aria-pressed', 'true')

  // Bao (360 px) sees it live: the count, not his; a long press names who.
  const baos = chip(bao.page, 'Ship it today?', '👍')
  await expect(baos).toHaveAccessibleName('👍 1 person reacted')
  await expect(baos).toHaveAttribute('aria-pressed', 'false')
  const box = (await baos.boundingBox())!
  const at = { pointerType: 'touch', isPrimary: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 }
  await baos.dispatchEvent('pointerdown', at)
  const sheet = bao.page.getByRole('dialog', { name: 'Reactions' })
  await expect(sheet.getByRole('listitem')).toHaveText(['👍1Ann React'])
  await baos.dispatchEvent('pointerup', at)
  await sheet.getByRole('button', { name: 'Close' }).click()
  await expect(sheet).toHaveCount(0)

  // He adds the same emoji with a tap: 2, his highlighted; Ann sees 2 at once, both names on hover.
  await baos.click()
  await expect(baos).toHaveAccessibleName('👍 2 people reacted, including you')
  await expect(baos).toHaveAttribute('aria-pressed', 'true')
  const annsChip = chip(ann.page, 'Ship it today?', '👍')
  await expect(annsChip).toHaveAccessibleName('👍 2 people reacted, including you')
  await annsChip.hover()
  await expect(rowOf(ann.page, 'Ship it today?').getByRole('tooltip')).toHaveText('Ann React, Bao React reacted with 👍')
  expect(await bao.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  // Ann: the full picker from the reaction bar; search, and pick.
  await rowOf(ann.page, 'Ship it today?').getByRole('button', { name: 'Add reaction' }).click()
  const picker = ann.page.getByRole('dialog', { name: 'Add reaction' })
  await expect(picker.getByRole('region', { name: 'Custom' }).getByRole('button', { name: 'React with :parrot:' })).toBeVisible()
  await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('party popper')
  const tada = picker.getByRole('gridcell', { name: 'Party popper' })
  await expect(tada).toBeVisible()
  expect(await axeProblems(ann.page)).toEqual([])
  await tada.click()
  await expect(picker).toHaveCount(0)
  await expect(chip(ann.page, 'Ship it today?', '🎉')).toHaveAccessibleName('🎉 1 person reacted, including you')
  await expect(chip(bao.page, 'Ship it today?', '🎉')).toHaveAccessibleName('🎉 1 person reacted')

  // The channel's custom emoji, from the picker's Custom category: Bao sees its image.
  await rowOf(ann.page, 'Ship it today?').getByRole('button', { name: 'Add reaction' }).click()
  await picker.getByRole('button', { name: 'React with :parrot:' }).click()
  await expect(chip(bao.page, 'Ship it today?', ':parrot:')).toHaveAccessibleName(':parrot: 1 person reacted')
  await expect(chip(bao.page, 'Ship it today?', ':parrot:').getByRole('img', { name: ':parrot:' })).toBeVisible()

  // Bao takes his 👍 back: Ann sees 1 again, hers still.
  await baos.click()
  await expect(baos).toHaveAccessibleName('👍 1 person reacted')
  await expect(annsChip).toHaveAccessibleName('👍 1 person reacted, including you')
})
