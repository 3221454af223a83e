import { expect, test } from './support/test'
import { lastEmail, startTestServer, type TestServer } from '../server/harness'
import { signUpAndLogIn } from './support/sign-up'

/** The sidebar's chat link: the user's own channel's chat when they belong to it, otherwise /chat. */
let server: TestServer
test.beforeAll(async () => {
  server = await startTestServer()
})
test.afterAll(async () => {
  await server?.stop()
})

test("the sidebar's Chats link opens the current channel's chat, or the chat list without a channel", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const me = await signUpAndLogIn(page, {
    baseURL: server.url,
    readCode: async (email) => (await lastEmail(server, email)).code,
    skipTutorial: true,
  })
  const chats = page.getByRole('navigation').getByRole('link', { name: 'Chats' })

  // No channel yet: the chat list.
  await chats.click()
  await expect(page).toHaveURL(/\/chat\/default$/)

  // A channel of their own (creating it makes it current): its General chat.
  const auth = { authorization: `Bearer ${me.accessToken}` }
  const created = await page.request.post(`${server.url}/api/channel/create`, { data: { name: 'Harbor', is_public: true }, headers: auth })
  const channelId = ((await created.json()) as { result: { _id: string } }).result._id
  const topics = await page.request.get(`${server.url}/api/topic-in-channel?channel_id=${channelId}&page=1`, { headers: auth })
  const general = ((await topics.json()) as { result: { _id: string }[] }).result[0]!._id
  await page.goto(`${server.url}/home`)
  await expect(chats).toHaveAttribute('href', `/chat/channel/${channelId}`)
  await chats.click()
  await expect(page).toHaveURL(new RegExp(`/chat/${general}$`))
  await expect(chats).toHaveAttribute('aria-current', 'page')

  // A channel the user does not belong to: the chat list.
  await page.goto(`${server.url}/chat/channel/${crypto.randomUUID()}`)
  await expect(page).toHaveURL(/\/chat\/default$/)
})
