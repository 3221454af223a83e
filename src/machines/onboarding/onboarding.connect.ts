import { businessComplete, type OnboardingSnapshot } from './onboarding.machine'
import type { BusinessField, ChannelHit, ChannelType, OnboardingError, OnboardingEvent, UseFor } from './onboarding.types'

/** The onboarding modal's props: what it shows and what its controls send. */
export interface OnboardingProps {
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
  onChoose: (useFor: UseFor) => void
  onNext: () => void
  onKeyword: (keyword: string) => void
  onSearch: () => void
  onJoin: (channelId: string) => void
  onChange: (field: BusinessField, value: string) => void
  onChooseType: (channelType: ChannelType) => void
  onSubmit: () => void
  onSkip: () => void
}

/** Pure: snapshot and send -> the onboarding modal's props and handlers. */
export function connect(snapshot: OnboardingSnapshot, send: (event: OnboardingEvent) => void): OnboardingProps {
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
      saving: at({ open: { step2: { business: 'savingCompany' } } })
        ? 'company'
        : at({ open: { step2: { business: 'creatingChannel' } } })
          ? 'channel'
          : null,
    },
    onChoose: (useFor) => send({ type: 'CHOOSE', useFor }),
    onNext: () => send({ type: 'NEXT' }),
    onKeyword: (keyword) => send({ type: 'CHANGE_KEYWORD', keyword }),
    onSearch: () => send({ type: 'SEARCH' }),
    onJoin: (channelId) => send({ type: 'JOIN', channelId }),
    onChange: (field, value) => send({ type: 'CHANGE', field, value }),
    onChooseType: (channelType) => send({ type: 'CHOOSE_TYPE', channelType }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onSkip: () => send({ type: 'SKIP' }),
  }
}
