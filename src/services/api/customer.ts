import type { Language } from '../../../contract/common'
import type { StartWithBody, UpdateProfileBody, UseForBody } from '../../../contract/customer'
import { endpoints } from '../../../contract/endpoints'
import { call, type CallOptions } from '../http'
import type { UploadProgress } from '../upload'

/** The customer calls (contract/endpoints.ts, tag 'customer'), one small typed function each. */

/** `quiet`: the caller shows its own message when the call fails (no catalogue toast). */
type Quiet = Pick<CallOptions, 'quiet'>

/** `token` while the session is being restored (the session has no access token yet). */
export const userInfo = (token?: string) => call(endpoints.userInfo, undefined, { token })

/** Exactly one field per call. */
export const updateProfile = (body: UpdateProfileBody, options: Quiet = {}) => call(endpoints.updateProfile, body, options)

/** Onboarding: the tutorial counts as done. */
export const skipTutorial = (options: Quiet = {}) => call(endpoints.skipTutorial, undefined, options)

/** Onboarding: personal or business use. */
export const useFor = (body: UseForBody, options: Quiet = {}) => call(endpoints.useFor, body, options)

/** Onboarding: the company's name and website. */
export const startWith = (body: StartWithBody, options: Quiet = {}) => call(endpoints.startWith, body, options)

/** PUT workid/update-language with Accept-Language = the new language. */
export const updateLanguage = (language: Language) =>
  call(endpoints.updateLanguage, { language }, { headers: { 'Accept-Language': language } })

/** POST customer/avatar (multipart `file`), reporting upload progress; answers with the user. */
export function uploadAvatar(file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal) {
  const body = new FormData()
  body.append('file', file)
  return call(endpoints.avatar, body, { timeout: 120_000, signal, onUploadProgress: onProgress })
}

/** PUT customer/current-channel: the channel becomes the current one (a member only); answers with the user. */
export const switchChannel = (channelId: string, options: Quiet = {}) => call(endpoints.currentChannel, { channel_id: channelId }, options)

/** PUT customer/update-fcm-token, quiet: this device's Web Push subscription. */
export const saveFcmToken = (token: string) => call(endpoints.updateFcmToken, { fcm_token: token }, { quiet: true })
