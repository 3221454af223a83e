import { useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { User } from '../../contract/user'
import { connect, privacySettingsMachine, type PrivacyValues, type SaveProfileFieldInput } from '../machines/privacy-settings'
import * as customer from './api/customer'
import { sendSession } from './session'
import { confirmSaved } from './toast'

/**
 * The privacy settings machine as /account/privacy and /setting's Sounds run it: a switch saves its
 * one field with PUT customer/update-profile (quiet: the switches say themselves when a save failed
 * and switch it back), a saved field refreshes the user (a saved `sounds` applies from there) and
 * says "Saved".
 */
export const appPrivacySettingsMachine = privacySettingsMachine.provide({
  actors: {
    saveProfileField: fromPromise<unknown, SaveProfileFieldInput>(({ input }) => customer.updateProfile(input, { quiet: true })),
  },
  actions: {
    fieldSaved: () => {
      sendSession({ type: 'REFRESH_USER' })
      confirmSaved()
    },
  },
})

/** The switches' values from the user's account (all off before the user is known). */
export function privacyValuesOf(user: User | null | undefined): PrivacyValues {
  const account = user?.account
  return {
    only_friend_call: account?.only_friend_call ?? 0,
    only_friend_invite_topic: account?.only_friend_invite_topic ?? 0,
    only_friend_chat: account?.only_friend_chat ?? 0,
    sounds: account?.sounds ?? 1,
    read_receipts: account?.read_receipts ?? 1,
  }
}

/** /account/privacy and /setting's Sounds: the switches start from the account's values; each saves as it is flipped. */
export function usePrivacyPage(user: User) {
  const actor = useActorRef(appPrivacySettingsMachine, { input: { values: privacyValuesOf(user) } })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
