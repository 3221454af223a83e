import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import { onboardingMachine, type ChannelHit } from '../machines/onboarding'
import * as customer from './customer'
import { sendSession } from './session'
import { showToast } from './toast'

/**
 * The onboarding machine as the sidebar layout runs it. Each call is quiet: the modal says itself
 * what failed. Channels land in their own issue; until then the channel steps are honest:
 *   - the referring-channel search finds nothing (there are no channels to find yet), and the
 *     modal says why (`CHANNELS_AVAILABLE`);
 *   - after the company is saved (PUT customer/start-with) no channel is created: the step answers
 *     null, the tutorial ends and a notice says the company channel was not created.
 */
export const CHANNELS_AVAILABLE = false

export const COMPANY_CHANNEL_NOT_CREATED = msg`Your company is saved. Company channels are not available in Workroom yet, so no channel was created.`

const quiet = { quiet: true }

export const appOnboardingMachine = onboardingMachine.provide({
  actors: {
    skipTutorial: fromPromise<unknown, void>(() => customer.skipTutorial(quiet)),
    saveUseFor: fromPromise<unknown, { use_for: 'personal' | 'business' }>(async ({ input }) => {
      await customer.skipTutorial(quiet)
      return customer.useFor(input, quiet)
    }),
    searchChannels: fromPromise<ChannelHit[], { keyword: string }>(async () => []),
    joinChannel: fromPromise<unknown, { channel_id: string }>(async () => {
      throw new Error('Channels are not available yet')
    }),
    saveStartWith: fromPromise<unknown, { start_with: string; website?: string }>(({ input }) => customer.startWith(input, quiet)),
    createCompanyChannel: fromPromise<{ _id: string } | null, { name: string; use_for: 'sme' | 'edu'; website?: string }>(async () => {
      showToast({ text: COMPANY_CHANNEL_NOT_CREATED, tone: 'info' }, 10_000)
      return null
    }),
  },
  actions: {
    refreshUser: () => sendSession({ type: 'REFRESH_USER' }),
  },
})

/** The referral code of a query string (`?referral=` or `?ref=`), or null. */
export function referralOf(search: string): string | null {
  const params = new URLSearchParams(search)
  return params.get('referral')?.trim() || params.get('ref')?.trim() || null
}
