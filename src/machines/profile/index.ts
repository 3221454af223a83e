export { profileMachine, type ProfileActor, type ProfileMachine, type ProfileSnapshot } from './profile.machine'
export type { AvatarError, AvatarFile, ProfileContext, ProfileEvent, ProfileInput, ProfileNotice, ProfileUser } from './profile.types'
export { AVATAR_MAX_BYTES, AVATAR_TYPES } from './profile.rules'
export { AVATAR_ERROR_MESSAGES, connect, NOTICE_MESSAGES, type ProfileProps } from './profile.connect'
