export { profileMachine, type ProfileActor, type ProfileMachine, type ProfileSnapshot } from './profile.machine'
export type { AvatarError, AvatarFile, ProfileContext, ProfileEvent, ProfileInput, ProfileNotice, ProfileUser } from './profile.types'
export { connect, type ProfileProps } from './profile.connect'
