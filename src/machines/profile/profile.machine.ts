import { assertEvent, assign, fromCallback, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { User } from '../../../contract/user'
import { actorNotProvided } from '../not-provided'
import { isAvatarSize, isAvatarType } from './profile.rules'
import type { AvatarError, AvatarFile, ProfileContext, ProfileEvent, ProfileInput, ProfileNotice, ProfileUser } from './profile.types'

/**
 * /account/profile: the name and the avatar.
 *
 *   idle             UPDATE_NAME -> savingName; PICK_AVATAR: a JPG/PNG up to 5 MB -> uploadingAvatar,
 *                    anything else stays here with its error
 *   savingName       customer/update-profile -> the "saved" notice, the session reloads the user
 *   uploadingAvatar  the upload reports its progress (which only grows), then the new user
 *
 * Pure: the calls are injected actors and what the session must hear are injected actions
 * (src/services/profile.ts provides them).
 */

const notProvided = actorNotProvided('profile')

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
  },
  actors: {
    updateName: fromPromise<unknown, { name: string }>(notProvided('updateName')),
    /** Sends UPLOAD_PROGRESS, then UPLOAD_DONE or UPLOAD_FAILED. */
    uploadAvatar: fromCallback<ProfileEvent, { file: AvatarFile }>(() => () => {}),
  },
  guards: {
    isAvatarType: ({ event }) => event.type === 'PICK_AVATAR' && isAvatarType(event.file),
    isAvatarSize: ({ event }) => event.type === 'PICK_AVATAR' && isAvatarSize(event.file),
    progressAhead: ({ context, event }) => event.type === 'UPLOAD_PROGRESS' && event.percent > (context.uploadPercent ?? 0),
  },
  actions: {
    /** Injected: the session takes the user the upload answered with. */
    userSaved: (_, _user: User) => {},
    /** Injected: the session reloads the user. */
    reloadUser: () => {},
    assignUser: assign((_, user: ProfileUser | null) => ({ user: user ? { name: user.name, photo_url: user.photo_url } : null })),
    setNotice: assign((_, notice: ProfileNotice | null) => ({ notice })),
    refuseAvatar: assign((_, avatarError: AvatarError) => ({ avatarError, notice: null })),
    startUpload: assign({ avatarError: null, notice: null, uploadPercent: 0 }),
    assignProgress: assign((_, uploadPercent: number) => ({ uploadPercent })),
    endUpload: assign({ uploadPercent: null }),
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ user: input.user, notice: null, avatarError: null, uploadPercent: null }),
  on: {
    USER_CHANGED: { actions: { type: 'assignUser', params: ({ event }) => event.user } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        UPDATE_NAME: { target: 'savingName', actions: { type: 'setNotice', params: null } },
        PICK_AVATAR: [
          { guard: not('isAvatarType'), actions: { type: 'refuseAvatar', params: 'type' } },
          { guard: not('isAvatarSize'), actions: { type: 'refuseAvatar', params: 'size' } },
          { target: 'uploadingAvatar', actions: 'startUpload' },
        ],
      },
    },
    savingName: {
      invoke: {
        src: 'updateName',
        input: ({ event }) => {
          assertEvent(event, 'UPDATE_NAME')
          return { name: event.name }
        },
        onDone: { target: 'idle', actions: [{ type: 'setNotice', params: 'nameSaved' }, 'reloadUser'] },
        onError: 'idle',
      },
    },
    uploadingAvatar: {
      invoke: {
        src: 'uploadAvatar',
        input: ({ event }) => {
          assertEvent(event, 'PICK_AVATAR')
          return { file: event.file }
        },
      },
      on: {
        UPLOAD_PROGRESS: { guard: 'progressAhead', actions: { type: 'assignProgress', params: ({ event }) => event.percent } },
        UPLOAD_DONE: {
          target: 'idle',
          actions: [
            { type: 'assignUser', params: ({ event }) => event.user },
            { type: 'userSaved', params: ({ event }) => event.user },
            'endUpload',
            { type: 'setNotice', params: 'avatarSaved' },
            'reloadUser',
          ],
        },
        UPLOAD_FAILED: { target: 'idle', actions: 'endUpload' },
      },
    },
  },
})

export type ProfileMachine = typeof profileMachine
export type ProfileActor = ActorRefFrom<ProfileMachine>
export type ProfileSnapshot = SnapshotFrom<ProfileMachine>

/** What the statechart visualiser starts the machine with. */
export const profileSampleInput: ProfileInput = { user: { name: 'Lan Nguyễn', photo_url: null } }
