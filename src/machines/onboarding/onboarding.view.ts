import { businessComplete, type ChannelHit, type ChannelType, type OnboardingError, type OnboardingSnapshot, type UseFor } from './onboarding.machine'

export interface OnboardingView {
  open: boolean
  step: 1 | 2
  useFor: UseFor | null
  canNext: boolean
  /** A request runs: the controls wait. */
  busy: boolean
  canSkip: boolean
  error: OnboardingError | null
  personal: {
    keyword: string
    canSearch: boolean
    searching: boolean
    /** null before the first search. */
    channels: ChannelHit[] | null
    canJoin: boolean
    joining: boolean
  }
  business: {
    companyName: string
    website: string
    channelType: ChannelType | null
    canSubmit: boolean
    /** 'company' while start-with saves, 'channel' while the company channel is created. */
    saving: 'company' | 'channel' | null
  }
}

/** Pure: snapshot -> the onboarding modal's props. */
export function onboardingView(snapshot: OnboardingSnapshot): OnboardingView {
  const c = snapshot.context
  const at = (value: Parameters<OnboardingSnapshot['matches']>[0]) => snapshot.matches(value)
  const step2 = at({ open: 'step2' }) || at({ open: 'finishing' })
  const personalIdle = at({ open: { step2: { personal: 'browsing' } } })
  const businessEditing = at({ open: { step2: { business: 'editing' } } })
  return {
    open: at('open'),
    step: step2 ? 2 : 1,
    useFor: c.useFor,
    canNext: at({ open: 'step1' }) && c.useFor !== null,
    busy: at({ open: 'savingUseFor' }) || at({ open: 'finishing' }) || (!personalIdle && !businessEditing && at({ open: 'step2' })),
    canSkip: personalIdle || businessEditing,
    error: c.error,
    personal: {
      keyword: c.keyword,
      canSearch: personalIdle && c.keyword.trim() !== '',
      searching: at({ open: { step2: { personal: 'searching' } } }),
      channels: c.channels,
      canJoin: personalIdle,
      joining: at({ open: { step2: { personal: 'joining' } } }),
    },
    business: {
      companyName: c.companyName,
      website: c.website,
      channelType: c.channelType,
      canSubmit: businessEditing && businessComplete(c),
      saving: at({ open: { step2: { business: 'savingCompany' } } }) ? 'company' : at({ open: { step2: { business: 'creatingChannel' } } }) ? 'channel' : null,
    },
  }
}
