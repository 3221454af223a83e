import { useMemo } from 'react'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { CHANNEL_BANNERS, type ChannelUseFor } from '../../contract/channel'
import type { User } from '../../contract/user'
import {
  connect,
  onboardingMachine,
  type ChannelHit,
  type CompanyChannelInput,
  type JoinChannelInput,
  type SaveStartWithInput,
  type SaveUseForInput,
} from '../machines/onboarding'
import { createChannel, joinChannel, searchChannels } from './api/channel'
import * as customer from './api/customer'
import { sendSession } from './session'

/**
 * The onboarding machine as the sidebar layout runs it. Each call is quiet: the modal says itself
 * what failed. A personal account searches public channels (GET channel) and joins one; a business
 * account's company channel is created with the preset description and banner of its use (sme,
 * edu) and becomes the current channel.
 */
const quiet = { quiet: true }

/** The preset description of a company channel, in the user's language (the server sanitises it). */
export const COMPANY_DESCRIPTIONS = {
  sme: msg`Welcome to our company channel: announcements, projects and everyday conversations for the whole team.`,
  edu: msg`Welcome to our school channel: classes, assignments and announcements for teachers and students.`,
} as const satisfies Record<ChannelUseFor, unknown>

export const appOnboardingMachine = onboardingMachine.provide({
  actors: {
    skipTutorial: fromPromise<unknown, void>(() => customer.skipTutorial(quiet)),
    saveUseFor: fromPromise<unknown, SaveUseForInput>(async ({ input }) => {
      await customer.skipTutorial(quiet)
      return customer.useFor(input, quiet)
    }),
    searchChannels: fromPromise<ChannelHit[], { keyword: string }>(async ({ input }) =>
      (await searchChannels(input.keyword)).map((c) => ({ _id: c._id, name: c.name, members: c.members_count })),
    ),
    joinChannel: fromPromise<unknown, JoinChannelInput>(({ input }) => joinChannel(input.channel_id)),
    saveStartWith: fromPromise<unknown, SaveStartWithInput>(({ input }) => customer.startWith(input, quiet)),
    createCompanyChannel: fromPromise<{ _id: string } | null, CompanyChannelInput>(async ({ input }) => {
      const channel = await createChannel({
        name: input.name,
        description: `<p>${escapeHtml(i18n._(COMPANY_DESCRIPTIONS[input.use_for]))}</p>`,
        is_public: true,
        use_for: input.use_for,
        banner: CHANNEL_BANNERS[input.use_for],
        ...(input.website ? { referral_link: input.website } : {}),
      })
      await customer.switchChannel(channel._id)
      return channel
    }),
  },
  actions: {
    refreshUser: () => sendSession({ type: 'REFRESH_USER' }),
  },
})

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The referral code of a query string (`?referral=` or `?ref=`), or null. */
export function referralOf(search: string): string | null {
  const params = new URLSearchParams(search)
  return params.get('referral')?.trim() || params.get('ref')?.trim() || null
}

/**
 * The first-login tutorial of this user: started once with the account's skip_tutorial and the
 * page's referral query; the onboarding modal's props.
 */
export function useOnboarding(user: User) {
  const actor = useActorRef(appOnboardingMachine, {
    input: { skipTutorial: user.account.skip_tutorial, referral: referralOf(window.location.search) },
  })
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot, actor.send), [snapshot, actor])
}
