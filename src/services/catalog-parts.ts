/**
 * The Lingui catalog (one .po per language) is served in parts, so a page only loads the messages
 * it can show. A message belongs to a part when every place it is used lies in that part's
 * sources; anything used elsewhere, or in two parts, stays in 'app', which always loads.
 *
 *   marketing    the marketing pages' copy: loaded by the root route for the marketing routes
 *   shell        the sidebar layout, its pages and the widgets only it shows (notification bell and
 *                drawer list, the onboarding modal, the privacy switches, the chat list, the header's
 *                search, friend requests, the create-channel form, the call overlays): loaded by the
 *                root route for the /_app routes
 *   statecharts  the statechart visualiser: loaded by the root route for /statecharts
 *   landing      the tenant landings: loaded with the landing beside a tenant-branded sign-in
 *   documents    the step guides: loaded with the documents modal
 *   pages        what the app's pages show beside the chat list, none of which its first page (the
 *                list with 'Choose a chat') shows: a conversation and what it embeds (threads, polls,
 *                markdown, attachments, to-dos, saved and scheduled messages), the calendar and booking pages, a
 *                topic's info, channel storage, contacts and profiles, meetings and call rooms: loaded
 *                by the root route for those routes (any /_app route but the chat list's own, the
 *                public booking and call pages) and with the lazy code that shows them elsewhere
 *                (the support drawer's conversation, the meeting dialog)
 *
 * A source not listed here is in 'app', which is always safe; list a folder in a part only when
 * it is rendered nowhere else than where that part is loaded.
 *
 * Used by the Vite plugin that compiles the parts (vite.lingui-parts.ts, by the messages' origins)
 * and by the code that loads them (src/services/i18n.ts `requireCatalogParts`).
 * tests/unit/services/catalog-parts.test.ts checks that each part's sources are only imported
 * where the part is loaded.
 */
export type CatalogPart = 'app' | 'marketing' | 'shell' | 'statecharts' | 'landing' | 'documents' | 'pages'

export const CATALOG_PARTS = [
  'app',
  'marketing',
  'shell',
  'statecharts',
  'landing',
  'documents',
  'pages',
] as const satisfies readonly CatalogPart[]

export const PART_SOURCES: Record<Exclude<CatalogPart, 'app'>, readonly string[]> = {
  marketing: ['src/ui/marketing/pages/', 'src/routes/_marketing', 'src/routes/download-app.tsx', 'src/routes/call-app.tsx'],
  shell: [
    'src/ui/app/',
    'src/routes/_app',
    'src/ui/notification-badge/',
    'src/ui/onboarding/',
    'src/ui/account/',
    'src/ui/settings/',
    'src/ui/topic-list/',
    'src/ui/search/',
    'src/ui/friend-status/',
    'src/ui/channel-form/',
    'src/ui/incoming-call/',
    'src/ui/outgoing-call/',
    'src/ui/call-overlay/',
  ],
  statecharts: ['src/ui/statechart/', 'src/routes/statecharts'],
  landing: ['src/ui/landing/'],
  documents: ['src/ui/documents/'],
  pages: [
    'src/ui/conversation/',
    'src/ui/thread/',
    'src/ui/upload/',
    'src/ui/poll/',
    'src/ui/markdown/',
    'src/ui/todo/',
    'src/ui/saved/',
    'src/ui/calendar/',
    'src/ui/booking/',
    'src/ui/topic-info/',
    'src/ui/storage/',
    'src/ui/contact/',
    'src/ui/people/',
    'src/ui/meeting/',
    'src/ui/meeting-form/',
    'src/ui/call-room/',
  ],
}

/** Route ids (prefixes) whose pages need a part; the root route loads it before they render. */
const ROUTE_PARTS: readonly [prefix: string, part: CatalogPart][] = [
  ['/_marketing', 'marketing'],
  ['/download-app', 'marketing'],
  ['/call-app', 'marketing'],
  ['/_app', 'shell'],
  ['/_app/', 'pages'],
  ['/booking', 'pages'],
  ['/booked', 'pages'],
  ['/call-open', 'pages'],
  ['/statecharts', 'statecharts'],
]

/** The chat list's layout and its own page ('Choose a chat'): under '/_app/', yet no page of the 'pages' part. */
const CHAT_LIST_ROUTES: readonly string[] = ['/_app/chat', '/_app/chat/', '/_app/chat/default']

/** The part of a message used in these source files. */
export function partOfOrigins(files: readonly string[]): CatalogPart {
  if (files.length === 0) return 'app'
  const normalized = files.map((file) => file.replace(/\\/g, '/'))
  for (const [part, prefixes] of Object.entries(PART_SOURCES) as [Exclude<CatalogPart, 'app'>, readonly string[]][]) {
    if (normalized.every((file) => prefixes.some((prefix) => file.startsWith(prefix)))) return part
  }
  return 'app'
}

/** The parts the matched routes need, beyond 'app'. */
export function partsForRoutes(routeIds: readonly string[]): CatalogPart[] {
  const parts = ROUTE_PARTS.filter(([prefix, part]) =>
    routeIds.some((id) => id.startsWith(prefix) && !(part === 'pages' && CHAT_LIST_ROUTES.includes(id))),
  ).map(([, part]) => part)
  return [...new Set(parts)]
}
