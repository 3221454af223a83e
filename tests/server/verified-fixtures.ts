import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { users } from '../../server/db/schema'
import type { Person } from './chat-fixtures'
import { call, type Json, type TestServer, verifiedAccount } from './harness'

/**
 * People and things for tests that call every endpoint (tests/server/bad-input-property.test.ts,
 * tests/server/authorization-matrix.test.ts): accounts with a verified email, uploads, plans.
 */

/** A signed-up user with a verified email, with a helper for authenticated calls. */
export async function verifiedPerson(server: TestServer, name: string): Promise<Person> {
  const account = await verifiedAccount(server, { name })
  return { ...account, api: (method, url, body) => call(server.url, method, `/api/${url}`, { token: account.access_token, body }) }
}

/** The plan with room for every channel a test makes (the channel quota is not what these tests are about). */
export async function onGrowthPlan(server: TestServer, userId: string) {
  await server.ctx.db.update(users).set({ package: 'growth' }).where(eq(users.id, userId))
}

/** A small PNG, the kind of file every upload route takes. */
export const pngBytes = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer()

/** POST media/upload of one file: private into a topic, or public (jpeg/png only). */
export async function upload(
  server: TestServer,
  who: Person,
  file: { bytes: Uint8Array; name: string; topicId?: string; acl?: 'private' | 'public' },
): Promise<Json> {
  const form = new FormData()
  if (file.topicId) form.set('topic_id', file.topicId)
  if (file.acl) form.set('acl', file.acl)
  form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name)
  return call(server.url, 'POST', '/api/media/upload', { raw: form, token: who.access_token })
}

/** The answer's `result`, or a thrown error naming the call that failed (fixture set-up must not fail quietly). */
export function resultOf(what: string, res: Json) {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.result
}

/** Waits until `who` has a notification (mentions notify on their own schedule); answers its id. */
export async function firstNotification(who: Person): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const list = resultOf('notify', await who.api('GET', 'notify?page=1')) as { _id: string }[]
    if (list.length) return list[0]!._id
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error(`no notification for ${who.name}`)
}
