import { i18n } from '@lingui/core'
import dayjs from 'dayjs'
import 'dayjs/locale/vi'
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../contract'

const STORAGE_KEY = 'workroom.language'

const catalogs: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en/messages.po'),
  vi: () => import('../../locales/vi/messages.po'),
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language)

/** The language to start with before the user is known: last choice, then the browser's, then en. */
export function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY)
  if (isLanguage(stored)) return stored
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2)
  return isLanguage(browser) ? browser : FALLBACK_LANGUAGE
}

/** Loads the catalog, activates it in Lingui and dayjs, and remembers the choice. */
export async function activateLanguage(lang: Language): Promise<void> {
  const { messages } = await catalogs[lang]()
  i18n.loadAndActivate({ locale: lang, messages: messages as Record<string, string> })
  dayjs.locale(lang)
  if (typeof document !== 'undefined') document.documentElement.lang = lang
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEY, lang)
}

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : FALLBACK_LANGUAGE)

export { i18n }
