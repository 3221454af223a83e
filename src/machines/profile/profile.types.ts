import type { User } from '../../../contract/user'

/** What the profile page shows of the account. */
export type ProfileUser = Pick<User, 'name' | 'photo_url'>

/** The picked file as the machine checks it (a File in the app). */
export type AvatarFile = Pick<File, 'type' | 'size'>

export type ProfileNotice = 'nameSaved' | 'avatarSaved'
export type AvatarError = 'type' | 'size'

export interface ProfileContext {
  user: ProfileUser | null
  notice: ProfileNotice | null
  avatarError: AvatarError | null
  /** 0..100 while an avatar uploads. */
  uploadPercent: number | null
}

export interface ProfileInput {
  user: ProfileUser | null
}

export type ProfileEvent =
  | { type: 'UPDATE_NAME'; name: string }
  | { type: 'PICK_AVATAR'; file: AvatarFile }
  /** From the upload actor. */
  | { type: 'UPLOAD_PROGRESS'; percent: number }
  | { type: 'UPLOAD_DONE'; user: User }
  | { type: 'UPLOAD_FAILED' }
  /** The session's user changed (reloaded, or saved elsewhere). */
  | { type: 'USER_CHANGED'; user: ProfileUser | null }
