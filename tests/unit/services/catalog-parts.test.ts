import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PART_SOURCES, partOfOrigins, partsForRoutes } from '../../../src/services/catalog-parts'

const root = join(__dirname, '../../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|tsx)$/.test(name) ? [relative(root, path)] : []
  })
}

/** Files that import a module under `prefix` (static or dynamic imports). */
function importersOf(prefix: string, files: string[]): string[] {
  return files.filter((file) => {
    if (file.startsWith(prefix)) return false
    const text = readFileSync(join(root, file), 'utf8')
    // Value imports only: a type import loads nothing at run time.
    const specs = [
      ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s*['"](\.[^'"]+)['"]/gm)].map((m) => m[1]),
      ...[...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]/g)].map((m) => m[1]),
    ]
    return specs.some((spec) => {
      const target = relative(root, join(root, file, '..', spec))
      return target.startsWith(prefix.replace(/\/$/, ''))
    })
  })
}

/** The routes that load the 'pages' part. */
const PAGES_ROUTES = [
  'src/routes/_app/chat/$topicId',
  'src/routes/_app/chat/channel.',
  'src/routes/_app/chat/info.',
  'src/routes/_app/chat/saved.tsx',
  'src/routes/_app/chat/scheduled.tsx',
  'src/routes/_app/chat/threads.tsx',
  'src/routes/_app/calendar/',
  'src/routes/_app/account/',
  'src/routes/_app/contact.tsx',
  'src/routes/_app/room.$id.tsx',
  'src/routes/_app/people.$workid.tsx',
  'src/routes/_app/$workid.tsx',
  'src/routes/_app/todo.tsx',
  'src/routes/booking.$id.tsx',
  'src/routes/booked.success.tsx',
  'src/routes/call-open.$id.tsx',
]
/** Route helpers (lazily loaded code) that show the 'pages' part's sources. */
const PAGES_HELPERS = [
  'src/routes/-calendar.tsx',
  'src/routes/-booking.tsx',
  'src/routes/-chat-polls.tsx',
  'src/routes/-chat-reactions.tsx',
  'src/routes/-todos.tsx',
  'src/routes/-saved.tsx',
  'src/routes/-thread.tsx',
  'src/routes/-meeting-now.tsx',
  'src/routes/-support-conversation.tsx',
]
/** Layouts that load the 'pages' part themselves, together with a helper they show lazily (the meeting dialog, the support chat). */
const LOADS_PAGES_WITH_HELPER = ['src/routes/_app.tsx', 'src/routes/_marketing.tsx']

describe('catalog parts', () => {
  it('puts a message in a part only when every use is in that part', () => {
    expect(partOfOrigins(['src/ui/marketing/pages/about-page.tsx'])).toBe('marketing')
    expect(partOfOrigins(['src/ui/marketing/pages/about-page.tsx', 'src/routes/_marketing/about.tsx'])).toBe('marketing')
    expect(partOfOrigins(['src/ui/marketing/pages/about-page.tsx', 'src/ui/auth/login-form.tsx'])).toBe('app')
    expect(partOfOrigins(['src/ui/landing/tenant-landing.tsx'])).toBe('landing')
    expect(partOfOrigins(['src/ui/landing/tenant-landing.tsx', 'src/ui/marketing/pages/home-page.tsx'])).toBe('app')
    expect(partOfOrigins(['src/ui/documents/documents-guide.tsx'])).toBe('documents')
    expect(partOfOrigins(['src/ui/app/sidebar.tsx', 'src/routes/_app/contact.tsx'])).toBe('shell')
    expect(partOfOrigins(['src/ui/app/sidebar.tsx', 'src/ui/marketing/pages/home-page.tsx'])).toBe('app')
    expect(partOfOrigins([])).toBe('app')
  })

  it('loads the marketing part for the marketing routes', () => {
    expect(partsForRoutes(['__root__', '/_marketing', '/_marketing/about'])).toEqual(['marketing'])
    expect(partsForRoutes(['__root__', '/download-app'])).toEqual(['marketing'])
    expect(partsForRoutes(['__root__', '/call-app'])).toEqual(['marketing'])
    expect(partsForRoutes(['__root__', '/_auth', '/_auth/login'])).toEqual([])
    expect(partsForRoutes(['__root__', '/_app', '/_app/home'])).toEqual(['shell', 'pages'])
    expect(partsForRoutes(['__root__', '/statecharts', '/statecharts/$machineId'])).toEqual(['statecharts'])
  })

  it("loads the pages part for every app page but the chat list's own, and for the public booking and call pages", () => {
    expect(partsForRoutes(['__root__', '/_app', '/_app/chat', '/_app/chat/default'])).toEqual(['shell'])
    expect(partsForRoutes(['__root__', '/_app', '/_app/chat', '/_app/chat/'])).toEqual(['shell'])
    expect(partsForRoutes(['__root__', '/_app', '/_app/chat', '/_app/chat/$topicId'])).toEqual(['shell', 'pages'])
    expect(partsForRoutes(['__root__', '/_app', '/_app/chat', '/_app/chat/saved'])).toEqual(['shell', 'pages'])
    expect(partsForRoutes(['__root__', '/_app', '/_app/calendar/'])).toEqual(['shell', 'pages'])
    expect(partsForRoutes(['__root__', '/booking/$id'])).toEqual(['pages'])
    expect(partsForRoutes(['__root__', '/booked/success'])).toEqual(['pages'])
    expect(partsForRoutes(['__root__', '/call-open/$id'])).toEqual(['pages'])
  })

  it("each part's sources are only imported where that part is loaded", () => {
    const files = sourceFiles(join(root, 'src'))
    const where: Record<keyof typeof PART_SOURCES, string[]> = {
      // The root route loads 'marketing' for these routes.
      marketing: ['src/routes/_marketing', 'src/routes/download-app.tsx', 'src/routes/call-app.tsx', 'src/ui/marketing/pages/'],
      // The root route loads 'shell' for the /_app routes (whose layout parts, src/ui/app/, may use
      // the shell's widgets) and 'statecharts' for /statecharts.
      // The Saved page (src/ui/saved/) renders only under /_app/chat.
      // The shell's sources may show each other.
      shell: ['src/routes/_app', ...PART_SOURCES.shell, 'src/ui/saved/'],
      statecharts: ['src/routes/statecharts'],
      // auth-layout.tsx loads 'landing' together with the lazy landing.
      landing: ['src/ui/auth/auth-layout.tsx'],
      // documents-modal.tsx loads 'documents' together with the lazy guide.
      documents: ['src/ui/app/documents-modal.tsx'],
      // The root route loads 'pages' for the /_app pages beside the chat list (not for the list's
      // layout, route.tsx, nor its own page, default.tsx) and the public booking and call pages; the
      // route helpers (-x.tsx) are checked below; the part's sources may show each other.
      pages: [...PAGES_ROUTES, ...PAGES_HELPERS, ...PART_SOURCES.pages, 'src/ui/account/trash-page.tsx'],
    }
    for (const [part, prefixes] of Object.entries(PART_SOURCES) as [keyof typeof PART_SOURCES, readonly string[]][]) {
      for (const prefix of prefixes) {
        if (!prefix.endsWith('/')) continue
        const outside = importersOf(prefix, files).filter((file) => !where[part].some((allowed) => file.startsWith(allowed)))
        expect(outside, `${prefix} imported outside the places that load the '${part}' part`).toEqual([])
      }
    }
  })

  it("the route helpers that show the 'pages' part's sources are only imported where that part is loaded", () => {
    const files = sourceFiles(join(root, 'src'))
    for (const helper of PAGES_HELPERS) {
      const outside = importersOf(helper.replace(/\.tsx$/, ''), files).filter(
        (file) => ![...PAGES_ROUTES, ...PAGES_HELPERS, ...LOADS_PAGES_WITH_HELPER].some((allowed) => file.startsWith(allowed)),
      )
      expect(outside, `${helper} imported outside the places that load the 'pages' part`).toEqual([])
    }
    for (const layout of LOADS_PAGES_WITH_HELPER)
      expect(readFileSync(join(root, layout), 'utf8')).toContain("requireCatalogParts(['pages'])")
  })
})
