import type { AvatarFile } from './profile.types'

const AVATAR_TYPES = ['image/jpeg', 'image/png'] as const
const AVATAR_MAX_BYTES = 5 * 1024 * 1024

export const isAvatarType = (file: AvatarFile | undefined) => (AVATAR_TYPES as readonly string[]).includes(file?.type ?? '')
export const isAvatarSize = (file: AvatarFile | undefined) => (file?.size ?? Infinity) <= AVATAR_MAX_BYTES
