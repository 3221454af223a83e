import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The server's shape, checked on the source files: every module has an index.ts (its public face),
 * and a table is written only by its owner. Which module may import which is ESLint's (the layer
 * rules of eslint.config.js, tested in tests/unit/lint-rules.test.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const SERVER = path.join(ROOT, 'server')
const MODULES = path.join(SERVER, 'modules')
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full)
    return SOURCE.test(name) ? [full] : []
  })
}

/** Who writes each table (drizzle's name for it): a module folder, or an infrastructure file. */
const OWNERS: Record<string, string> = {
  users: 'modules/customer',
  sessions: 'auth/tokens.ts',
  refreshTokens: 'auth/tokens.ts',
  emailCodes: 'modules/auth',
  authLimits: 'modules/auth',
  outbox: 'mail/mailer.ts',
  channels: 'modules/channel',
  channelMembers: 'modules/channel',
  labels: 'modules/channel',
  topics: 'modules/topic',
  topicMembers: 'modules/topic',
  messages: 'modules/message',
  media: 'modules/media',
  notifications: 'modules/notify',
  scheduledJobs: 'jobs/scheduler.ts',
  queuedJobs: 'jobs/queue.ts',
  calls: 'modules/call',
  callMembers: 'modules/call',
  polls: 'modules/vote',
  pollOptions: 'modules/vote',
  pollVotes: 'modules/vote',
  messageReactions: 'modules/reaction',
  customEmoji: 'modules/reaction',
  todos: 'modules/todo',
  todoAssignees: 'modules/todo',
  calendarEvents: 'modules/calendar',
  calendarAssignees: 'modules/calendar',
  calendarExceptions: 'modules/calendar',
  calendarFeeds: 'modules/calendar',
  bookingPages: 'modules/booking',
  bookings: 'modules/booking',
}

/** `.insert(table)`, `.update(table)`, `.delete(table)` on a table of the schema that `file` does not own. */
function foreignWrites(file: string, text: string): string[] {
  const where = path.relative(SERVER, file).split(path.sep).join('/')
  return [...text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)]
    .filter(([, , table]) => table! in OWNERS && !(where === OWNERS[table!] || where.startsWith(`${OWNERS[table!]}/`)))
    .map(([call, , table]) => `${where}: ${call} (${table} belongs to ${OWNERS[table!]})`)
}

describe('server boundaries', () => {
  it('a table is written only by its owner (the one-statement message send is the documented exception, in raw SQL)', () => {
    const found = sourceFiles(SERVER).flatMap((file) => foreignWrites(file, readFileSync(file, 'utf8')))
    expect(found).toEqual([])
    expect(foreignWrites(path.join(MODULES, 'channel', 'service.ts'), 'await tx.insert(topics).values({})')).toHaveLength(1)
    expect(foreignWrites(path.join(MODULES, 'topic', 'service.ts'), 'await tx.insert(topics).values({})')).toEqual([])
  })

  it('every module has an index.ts', () => {
    const modules = readdirSync(MODULES).filter((name) => statSync(path.join(MODULES, name)).isDirectory())
    expect(modules.length).toBeGreaterThan(5)
    expect(modules.filter((name) => !statSync(path.join(MODULES, name, 'index.ts'), { throwIfNoEntry: false })?.isFile())).toEqual([])
  })
})
