import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Flag } from '../../../contract/common'
import { PRIVACY_FIELDS } from '../../../contract/customer'
import { actorNotProvided } from '../not-provided'
import type {
  PrivacyField,
  PrivacySettingsContext,
  PrivacySettingsEvent,
  PrivacySettingsInput,
  SaveProfileFieldInput,
} from './privacy-settings.types'

/**
 * The privacy switches of /account/privacy: who may call, message and add the user, and the sounds.
 * It starts from the account's values.
 *
 *   idle --TOGGLE field--> saving: the switch flips at once and PUT customer/update-profile saves
 *     that one field
 *   saving --done--> idle; the app takes the saved value (injected `fieldSaved`: the account
 *     refreshes, a saved `sounds` applies at once, and the page says it saved)
 *   saving --error--> idle with the switch turned back and a message naming it
 *
 * Pure: the save is the injected promise actor `saveProfileField`; `fieldSaved` (the app updates
 * its copy of the account and says it saved) is an injected action.
 */

export { PRIVACY_FIELDS }

const notProvided = actorNotProvided('privacySettings')

const flip = (value: Flag): Flag => (value === 1 ? 0 : 1)

export const privacySettingsMachine = setup({
  types: {
    context: {} as PrivacySettingsContext,
    events: {} as PrivacySettingsEvent,
    input: {} as PrivacySettingsInput,
  },
  actors: {
    /** PUT customer/update-profile with exactly one field, e.g. { sounds: 0 }. The response is not read. */
    saveProfileField: fromPromise<unknown, SaveProfileFieldInput>(notProvided('saveProfileField')),
  },
  actions: {
    /** Injected: the app's copy of the account takes the saved value. */
    fieldSaved: (_, _params: { field: PrivacyField; value: Flag }) => {},
    toggle: assign(({ context, event }) => {
      if (event.type !== 'TOGGLE') return {}
      const previous = context.values[event.field]
      return { values: { ...context.values, [event.field]: flip(previous) }, saving: { field: event.field, previous }, failed: null }
    }),
    revert: assign(({ context }) =>
      context.saving
        ? { values: { ...context.values, [context.saving.field]: context.saving.previous }, failed: context.saving.field, saving: null }
        : {},
    ),
    clearSaving: assign({ saving: null }),
  },
}).createMachine({
  id: 'privacySettings',
  context: ({ input }) => ({ values: input.values, saving: null, failed: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        TOGGLE: { target: 'saving', actions: 'toggle' },
      },
    },
    saving: {
      invoke: {
        id: 'saveProfileField',
        src: 'saveProfileField',
        input: ({ context }) => {
          const field = context.saving?.field ?? 'sounds'
          return { [field]: context.values[field] }
        },
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'fieldSaved',
              params: ({ context }) => ({
                field: context.saving?.field ?? 'sounds',
                value: context.values[context.saving?.field ?? 'sounds'],
              }),
            },
            'clearSaving',
          ],
        },
        onError: { target: 'idle', actions: 'revert' },
      },
    },
  },
})

/** What the statechart visualiser starts the machine with. */
export const privacySettingsSampleInput: PrivacySettingsInput = {
  values: { only_friend_call: 0, only_friend_invite_topic: 0, only_friend_chat: 1, sounds: 1, read_receipts: 1 },
}

export type PrivacySettingsMachine = typeof privacySettingsMachine
export type PrivacySettingsActor = ActorRefFrom<PrivacySettingsMachine>
export type PrivacySettingsSnapshot = SnapshotFrom<PrivacySettingsMachine>
