import { i18n, type Messages } from '@lingui/core'
import type { Language } from '../../contract/common'
import type { CatalogPart } from './catalog-parts'

/**
 * Lingui setup. Kept free of zod, dayjs and xstate so the entry chunk stays small: the language
 * list is checked against contract/common's `Language` type, dates load dayjs where they are
 * formatted. The catalog loads in parts (src/services/catalog-parts.ts): 'app' always, others when
 * a route needs them; switching language loads the same parts in the new language first.
 */
export const LANGUAGES = ['en', 'vi'] as const satisfies readonly Language[]
export const FALLBACK_LANGUAGE: Language = 'en'

/** The languages as they name themselves (the selector shows these, untranslated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' }

const STORAGE_KEY = 'workroom.language'

type CatalogModule = Promise<{ messages: Messages }>

const catalogs: Record<Language, Record<CatalogPart, () => CatalogModule>> = {
  en: {
    app: () => import('../../locales/en/messages.po?part=app'),
    marketing: () => import('../../locales/en/messages.po?part=marketing'),
    shell: () => import('../../locales/en/messages.po?part=shell'),
    statecharts: () => import('../../locales/en/messages.po?part=statecharts'),
    landing: () => import('../../locales/en/messages.po?part=landing'),
    documents: () => import('../../locales/en/messages.po?part=documents'),
    pages: () => import('../../locales/en/messages.po?part=pages'),
  },
  vi: {
    app: () => import('../../locales/vi/messages.po?part=app'),
    marketing: () => import('../../locales/vi/messages.po?part=marketing'),
    shell: () => import('../../locales/vi/messages.po?part=shell'),
    statecharts: () => import('../../locales/vi/messages.po?part=statecharts'),
    landing: () => import('../../locales/vi/messages.po?part=landing'),
    documents: () => import('../../locales/vi/messages.po?part=documents'),
    pages: () => import('../../locales/vi/messages.po?part=pages'),
  },
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/** Any value as a supported language: unknown ones fall back to en. */
export const resolveLanguage = (value: unknown): Language => (isLanguage(value) ? value : FALLBACK_LANGUAGE)

/** The language to start with before the user is known: last choice, then the browser's, then en. */
export function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY)
  if (isLanguage(stored)) return stored
  const browser = typeof navigator === 'undefined' ? '' : (navigator.language ?? '').slice(0, 2)
  return resolveLanguage(browser)
}

const wanted = new Set<CatalogPart>(['app'])
const loaded = new Map<string, Promise<void>>()

function loadPart(lang: Language, part: CatalogPart): Promise<void> {
  const key = `${lang}:${part}`
  let pending = loaded.get(key)
  if (!pending) {
    pending = catalogs[lang][part]().then(({ messages }) => i18n.load(lang, messages))
    pending.catch(() => loaded.delete(key))
    loaded.set(key, pending)
  }
  return pending
}

/** Parts the first page will need: the next activateLanguage loads them with 'app', in parallel. */
export function wantCatalogParts(parts: readonly CatalogPart[]): void {
  for (const part of parts) wanted.add(part)
}

/** The language being activated (or active): parts required meanwhile load in it too. */
let target: Language | null = null

/** Loads the catalog parts in use, activates the language in Lingui, and remembers the choice. Unknown languages load en. */
export async function activateLanguage(value: Language | string): Promise<Language> {
  const lang = resolveLanguage(value)
  target = lang
  // Parts may be required while these load (a route rendering meanwhile): load until none is missing.
  for (let size = -1; size !== wanted.size;) {
    size = wanted.size
    await Promise.all([...wanted].map((part) => loadPart(lang, part)))
  }
  if (target !== lang) return currentLanguage() // a later choice won
  if (i18n.locale !== lang) i18n.activate(lang)
  if (typeof document !== 'undefined') document.documentElement.lang = lang
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEY, lang)
  return lang
}

/** Makes sure these catalog parts are loaded in the current language, the one being activated, and later ones. */
export async function requireCatalogParts(parts: readonly CatalogPart[]): Promise<void> {
  for (const part of parts) wanted.add(part)
  const languages = new Set<Language>([currentLanguage(), target ?? currentLanguage()])
  await Promise.all([...languages].flatMap((lang) => parts.map((part) => loadPart(lang, part))))
}

export const currentLanguage = (): Language => resolveLanguage(i18n.locale)

export { i18n }
