import type { Language } from '../../contract/common'
import type { StartWithBody, UpdateProfileBody, UseForBody } from '../../contract/customer'
import { endpoints } from '../../contract/endpoints'
import { call } from './http'
import type { UploadProgress } from './upload'

/** The customer calls, one small typed function each (contract/endpoints.ts). */

/** `token` while the session is being restored (the session has no access token yet). */
export const userInfo = (token?: string) => call(endpoints.userInfo, undefined, { token })

/** Exactly one field per call. `quiet`: the caller shows its own message when it fails. */
export const updateProfile = (body: UpdateProfileBody, options: { quiet?: boolean } = {}) => call(endpoints.updateProfile, body, options)

/** Onboarding: the tutorial counts as done. */
export const skipTutorial = (options: { quiet?: boolean } = {}) => call(endpoints.skipTutorial, undefined, options)

/** Onboarding: personal or business use. */
export const useFor = (body: UseForBody, options: { quiet?: boolean } = {}) => call(endpoints.useFor, body, options)

/** Onboarding: the company's name and website. */
export const startWith = (body: StartWithBody, options: { quiet?: boolean } = {}) => call(endpoints.startWith, body, options)

/** PUT workid/update-language with Accept-Language = the new language. */
export const updateLanguage = (language: Language) =>
  call(endpoints.updateLanguage, { language }, { headers: { 'Accept-Language': language } })

/** POST customer/avatar (multipart `file`), reporting upload progress; answers with the user. */
export function uploadAvatar(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal) {
  const body = new FormData()
  body.append('file', file)
  return call(endpoints.avatar, body, { timeout: 120_000, signal, onUploadProgress: onProgress })
}
