import type { Language } from '../../contract/common'
import type { StartWithBody, UpdateProfileBody, UseForBody } from '../../contract/customer'
import type { User } from '../../contract/user'
import { API } from '../../contract/routes'
import { http, unwrap } from './http'
import { xhrFetch, type UploadProgress } from './upload'

/** The customer calls, one small typed function each (contract/customer.ts). */

/** `token` while the session is being restored (the session has no access token yet). */
export const userInfo = (token?: string) =>
  unwrap(http.get(API.userInfo, { context: token ? { token } : {} }).json<{ result: User }>())

/** Exactly one field per call. `quiet`: the caller shows its own message when it fails. */
export const updateProfile = (body: UpdateProfileBody, options: { quiet?: boolean } = {}) =>
  unwrap(http.put(API.updateProfile, { json: body, context: { quiet: options.quiet } }).json<{ result: User }>())

/** Onboarding: the tutorial counts as done. */
export const skipTutorial = (options: { quiet?: boolean } = {}) => unwrap(http.put(API.skipTutorial, { context: { quiet: options.quiet } }).json<{ result: User }>())

/** Onboarding: personal or business use. */
export const useFor = (body: UseForBody, options: { quiet?: boolean } = {}) =>
  unwrap(http.put(API.useFor, { json: body, context: { quiet: options.quiet } }).json<{ result: User }>())

/** Onboarding: the company's name and website. */
export const startWith = (body: StartWithBody, options: { quiet?: boolean } = {}) =>
  unwrap(http.put(API.startWith, { json: body, context: { quiet: options.quiet } }).json<{ result: User }>())

/** PUT workid/update-language with Accept-Language = the new language. */
export const updateLanguage = (language: Language) =>
  unwrap(http.put(API.updateLanguage, { json: { language }, headers: { 'Accept-Language': language } }).json<{ result: unknown }>())

/** POST customer/avatar (multipart `file`), reporting upload progress; answers with the user. */
export function uploadAvatar(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal) {
  const body = new FormData()
  body.append('file', file)
  return unwrap(http.post(API.avatar, { body, timeout: 120_000, signal, fetch: xhrFetch(onProgress) }).json<{ result: User }>())
}
