import Bowser from 'bowser'
import type { SessionDevice } from '../../../contract'

/** What a User-Agent says about the device (bowser, a maintained parser); unknown parts are null. */
export function deviceOf(userAgent: string | null): SessionDevice {
  if (!userAgent) return { type: null, browser: null, os: null }
  try {
    const { browser, os, platform } = Bowser.parse(userAgent)
    const named = (name?: string, version?: string) => (name ? (version ? `${name} ${version.split('.')[0]}` : name) : null)
    return { type: platform.type ?? null, browser: named(browser.name, browser.version), os: named(os.name, os.versionName ?? os.version) }
  } catch {
    return { type: null, browser: null, os: null }
  }
}
