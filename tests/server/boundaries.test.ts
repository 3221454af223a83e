import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The server's import rules, checked on the source files:
 * - a module (server/modules/<a>/) reaches another module <b> only through its public face,
 *   server/modules/<b>/index.ts;
 * - infrastructure (everything under server/ outside server/modules, but the composition root
 *   server/build.ts) imports no module;
 * - the composition root, too, takes a module only through its index.ts;
 * - every module has an index.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const SERVER = path.join(ROOT, 'server')
const MODULES = path.join(SERVER, 'modules')
const COMPOSITION_ROOT = path.join(SERVER, 'build.ts')
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full)
    return SOURCE.test(name) ? [full] : []
  })
}

/** `import ... from 'x'`, `import type`, `export ... from 'x'`, `import 'x'` and `import('x')`. */
const IMPORT = /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g

/** Every module specifier of a file. */
const specifiers = (text: string): string[] => [...text.matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!)

/** `server/modules/<name>` and the path inside it ('' for the folder itself), when `target` is in a module. */
function moduleOf(target: string): { name: string; inside: string } | null {
  const rel = path.relative(MODULES, target)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null
  const [name, ...rest] = rel.split(path.sep)
  return { name: name!, inside: rest.join('/').replace(SOURCE, '') }
}

/** The rules a file's imports break, one line each (none when it keeps them all). */
function violations(file: string, text: string): string[] {
  const from = moduleOf(file)
  const out: string[] = []
  for (const spec of specifiers(text)) {
    if (!spec.startsWith('.')) continue
    const to = moduleOf(path.resolve(path.dirname(file), spec))
    if (!to) continue
    const where = path.relative(ROOT, file)
    if (from) {
      if (to.name !== from.name && to.inside !== '' && to.inside !== 'index')
        out.push(`${where} imports '${spec}': another module only through its index.ts`)
    } else if (file !== COMPOSITION_ROOT) {
      out.push(`${where} imports '${spec}': server infrastructure imports no module`)
    } else if (to.inside !== '' && to.inside !== 'index') {
      out.push(`${where} imports '${spec}': a module only through its index.ts`)
    }
  }
  return out
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
}

/** `.insert(table)`, `.update(table)`, `.delete(table)` on a table of the schema that `file` does not own. */
function foreignWrites(file: string, text: string): string[] {
  const where = path.relative(SERVER, file).split(path.sep).join('/')
  return [...text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)]
    .filter(([, , table]) => table! in OWNERS && !(where === OWNERS[table!] || where.startsWith(`${OWNERS[table!]}/`)))
    .map(([call, , table]) => `${where}: ${call} (${table} belongs to ${OWNERS[table!]})`)
}

describe('server boundaries', () => {
  it('modules import each other only through index.ts, and infrastructure imports no module', () => {
    const found = sourceFiles(SERVER).flatMap((file) => violations(file, readFileSync(file, 'utf8')))
    expect(found).toEqual([])
  })

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

  it('the check itself catches each kind of violation', () => {
    const inChannel = path.join(MODULES, 'channel', 'service.ts')
    expect(violations(inChannel, "import { createTopicService } from '../topic/service'")).toHaveLength(1)
    expect(violations(inChannel, "import type { TopicService } from '../topic/service'")).toHaveLength(1)
    expect(violations(inChannel, "export { x } from '../media/view'")).toHaveLength(1)
    expect(violations(inChannel, "const m = await import('../media/signing')")).toHaveLength(1)
    expect(violations(inChannel, "import {\n  a,\n  type B,\n} from '../topic/access'")).toHaveLength(1)
    expect(violations(inChannel, "import '../topic/access'")).toHaveLength(1)
    expect(
      violations(
        inChannel,
        "import { topicIdsOf } from '../topic'\nimport { toUser } from '../customer/index'\nimport { a } from './routes'",
      ),
    ).toEqual([])
    const infra = path.join(SERVER, 'http', 'auth-guard.ts')
    expect(violations(infra, "import type { AuthContext } from '../modules/auth'")).toHaveLength(1)
    expect(violations(infra, "import { unauthorized } from './errors'\nimport { bearerToken } from '../auth/tokens'")).toEqual([])
    expect(violations(path.join(SERVER, 'context.ts'), "import type { X } from './modules/auth/tokens'")).toHaveLength(1)
    expect(violations(COMPOSITION_ROOT, "import { topicRoutes } from './modules/topic'")).toEqual([])
    expect(violations(COMPOSITION_ROOT, "import { topicRoutes } from './modules/topic/routes'")).toHaveLength(1)
  })
})
