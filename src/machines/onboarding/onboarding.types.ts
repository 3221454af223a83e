import type { Flag } from '../../../contract/common'
import type { Channel, ChannelCreateBody, ChannelUseFor } from '../../../contract/channel'
import type { StartWithBody, UseForBody } from '../../../contract/customer'

/** What the account is for (PUT customer/use-for). */
export type UseFor = UseForBody['use_for']
/** The company channel's use (its preset description and banner). */
export type ChannelType = ChannelUseFor
export type BusinessField = 'companyName' | 'website'
export type OnboardingError = 'saveUseFor' | 'search' | 'join' | 'saveCompany' | 'createChannel' | 'skip'

/** A public channel the search found. */
export interface ChannelHit extends Pick<Channel, '_id' | 'name'> {
  members: Channel['members_count']
}

export interface OnboardingInput {
  skipTutorial: Flag
  /** The referral query value, when the page was opened with one. */
  referral: string | null
}

export interface OnboardingContext extends OnboardingInput {
  useFor: UseFor | null
  keyword: string
  /** The last search's channels; null before any search. */
  channels: ChannelHit[] | null
  companyName: string
  website: string
  channelType: ChannelType | null
  error: OnboardingError | null
}

export type OnboardingEvent =
  | { type: 'CHOOSE'; useFor: UseFor }
  | { type: 'NEXT' }
  | { type: 'CHANGE_KEYWORD'; keyword: string }
  | { type: 'SEARCH' }
  | { type: 'JOIN'; channelId: string }
  | { type: 'CHANGE'; field: BusinessField; value: string }
  | { type: 'CHOOSE_TYPE'; channelType: ChannelType }
  | { type: 'SUBMIT' }
  | { type: 'SKIP' }

/** What the injected actors take. */
export type SaveUseForInput = UseForBody
export type SaveStartWithInput = StartWithBody
export interface JoinChannelInput {
  channel_id: string
}
/** The company channel: its name, use and the website as its referral link. */
export interface CompanyChannelInput extends Pick<ChannelCreateBody, 'name'> {
  use_for: ChannelType
  website?: string
}
