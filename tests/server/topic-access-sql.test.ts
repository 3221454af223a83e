import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TOPIC_PERMISSIONS, ROLES, TOPIC_PERMISSIONS, topicAllows } from '../../contract'
import { effectiveTopicRole, topicAllowsSql } from '../../server/modules/topic'
import { startTestServer, type TestServer } from './harness'

/**
 * The send statement checks the topic's settings in SQL (one round trip); the rest of the server
 * checks them with the contract's topicAllows. Both forms give the same verdict for every case.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const channelRoles = [null, ROLES.member, ROLES.admin, ROLES.owner]
const topicRoles = [ROLES.member, ROLES.admin, ROLES.owner]

describe('topicAllowsSql', () => {
  it('agrees with topicAllows for 1:1 and group chats, open and restricted settings, every topic and channel role', async () => {
    const cases = TOPIC_PERMISSIONS.slice(0, 3).flatMap((setting) =>
      [0, 1].flatMap((isGroup) =>
        [0, 1].flatMap((restricted) =>
          topicRoles.flatMap((topicRole) => channelRoles.map((channelRole) => ({ setting, isGroup, restricted, topicRole, channelRole }))),
        ),
      ),
    )
    const verdicts = await Promise.all(
      cases.map(async (c) => {
        const permission = { ...DEFAULT_TOPIC_PERMISSIONS, [c.setting]: c.restricted }
        const expression = topicAllowsSql(c.setting, {
          isGroup: sql`${c.isGroup}::smallint`,
          permission: sql`${JSON.stringify(permission)}::jsonb`,
          topicRole: sql`${c.topicRole}::smallint`,
          channelRole: sql`${c.channelRole}::smallint`,
        })
        const { rows } = (await server.ctx.db.execute(sql`select ${expression} as allowed`)) as unknown as { rows: { allowed: boolean }[] }
        return {
          ...c,
          sql: rows[0]!.allowed,
          js: topicAllows({ is_group: c.isGroup === 1, permission }, effectiveTopicRole(c.topicRole, c.channelRole), c.setting),
        }
      }),
    )
    expect(verdicts.filter((v) => v.sql !== v.js)).toEqual([])
    // Both outcomes occur, so the comparison means something.
    expect(new Set(verdicts.map((v) => v.js))).toEqual(new Set([true, false]))
  })
})
