import { expect } from 'vitest'
import { within } from '@testing-library/react'
import { connect, onboardingMachine, type ChannelHit, type OnboardingError, type OnboardingSnapshot } from '../../src/machines/onboarding'
import { OnboardingModal } from '../../src/ui/onboarding/onboarding-modal'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof onboardingMachine>

const HUB: ChannelHit = { _id: 'ch-1', name: 'Design Hub', members: 12 }
const ERRORS: Record<OnboardingError, string> = {
  saveUseFor: 'Could not save your choice. Please try again.',
  search: 'Could not search channels. Please try again.',
  join: 'Could not join the channel. Please try again.',
  saveCompany: 'Could not save your company. Please try again.',
  createChannel: 'Could not create your company channel. Please try again.',
  skip: 'Could not skip the tutorial. Please try again.',
}

const dialog = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Welcome to Workroom' })
const button = (kit: Kit, name: string) => within(dialog(kit)).getByRole<HTMLButtonElement>('button', { name })
const radio = (kit: Kit, name: string) => within(dialog(kit)).getByRole<HTMLInputElement>('radio', { name: new RegExp(`^${name}`) })
const input = (kit: Kit, label: string) => within(dialog(kit)).getByLabelText<HTMLInputElement>(label)
/** The channels the test's last search answered (null before one): the list's oracle, not the machine's context. */
const answered = new WeakMap<object, ChannelHit[]>()

const at = (s: OnboardingSnapshot, value: Parameters<OnboardingSnapshot['matches']>[0]) => s.matches(value)

describeModel({
  machine: onboardingMachine,
  inputs: {
    'new user': { skipTutorial: 0, referral: null },
    'tutorial skipped': { skipTutorial: 1, referral: null },
    referral: { skipTutorial: 0, referral: 'REF-42' },
    'skipped, with referral': { skipTutorial: 1, referral: 'REF-42' },
  },
  select: 'transitions',
  serializeState: (s) => {
    const c = s.context
    return JSON.stringify({
      value: s.value,
      useFor: c.useFor,
      keyword: c.keyword !== '',
      channels: c.channels?.length ?? null,
      company: c.companyName !== '',
      website: c.website !== '',
      type: c.channelType,
      error: c.error,
      skip: c.skipTutorial,
    })
  },
  events: {
    CHOOSE: (s) =>
      (['personal', 'business'] as const).filter((useFor) => useFor !== s.context.useFor).map((useFor) => ({ type: 'CHOOSE', useFor })),
    CHANGE_KEYWORD: (s) => [{ type: 'CHANGE_KEYWORD', keyword: s.context.keyword ? '' : 'design' }],
    JOIN: (s) => (s.context.channels?.length ? [{ type: 'JOIN', channelId: s.context.channels[0]._id }] : []),
    CHANGE: (s) => [
      { type: 'CHANGE', field: 'companyName', value: s.context.companyName ? '' : 'Acme' },
      ...(s.context.companyName === '' ? [{ type: 'CHANGE', field: 'website', value: s.context.website ? '' : 'acme.example' }] : []),
    ],
    CHOOSE_TYPE: (s) =>
      (['sme', 'edu'] as const)
        .filter((type) => type !== s.context.channelType)
        .map((channelType) => ({ type: 'CHOOSE_TYPE', channelType })),
    'xstate.done.actor.searchChannels': [
      { type: 'xstate.done.actor.searchChannels', output: [HUB] },
      { type: 'xstate.done.actor.searchChannels', output: [] },
    ],
    'xstate.done.actor.createCompanyChannel': [{ type: 'xstate.done.actor.createCompanyChannel', output: { _id: 'ch-acme' } }],
  },
  spyActions: ['refreshUser'],
  render: (snapshot, send) => <OnboardingModal {...connect(snapshot, send)} />,
  perform: {
    CHOOSE: async (event, kit) => {
      await kit.user.click(radio(kit, event.useFor === 'personal' ? 'For myself' : 'For my business'))
    },
    NEXT: async (_, kit) => {
      await kit.user.click(button(kit, 'Next'))
    },
    CHANGE_KEYWORD: async (event, kit) => {
      await kit.user.clear(input(kit, 'Channel name'))
      if (event.keyword) await kit.user.paste(event.keyword)
    },
    SEARCH: async (_, kit) => {
      await kit.user.click(button(kit, 'Search'))
    },
    JOIN: async (event, kit) => {
      const channel = kit.previous.context.channels!.find((c) => c._id === event.channelId)!
      await kit.user.click(within(within(dialog(kit)).getByRole('listitem', { name: channel.name })).getByRole('button', { name: 'Join' }))
    },
    CHANGE: async (event, kit) => {
      const field = input(kit, event.field === 'companyName' ? 'Company name' : 'Website (optional)')
      await kit.user.clear(field)
      if (event.value) await kit.user.paste(event.value)
    },
    CHOOSE_TYPE: async (event, kit) => {
      await kit.user.click(radio(kit, event.channelType === 'sme' ? 'Small or medium business' : 'Education'))
    },
    SUBMIT: async (_, kit) => {
      await kit.user.click(button(kit, 'Create company channel'))
    },
    SKIP: async (_, kit) => {
      await kit.user.click(button(kit, 'Skip'))
    },
    'xstate.done.actor.searchChannels': async (event, kit) => {
      answered.set(kit.actor, event.output)
      await kit.resolve('searchChannels', event.output)
    },
    // Ending the tutorial (skip, join, company channel, referral) refreshes the user.
    'xstate.done.actor.finishTutorial': async (_, kit) => {
      await kit.resolve('finishTutorial', { result: true })
      expect(kit.actions.refreshUser).toHaveBeenCalledTimes(1)
    },
    'xstate.done.actor.skipTutorial': async (_, kit) => {
      await kit.resolve('skipTutorial', { result: true })
      expect(kit.actions.refreshUser).toHaveBeenCalledTimes(1)
    },
    'xstate.done.actor.joinChannel': async (_, kit) => {
      await kit.resolve('joinChannel', { result: true })
      expect(kit.actions.refreshUser).toHaveBeenCalledTimes(1)
    },
    'xstate.done.actor.createCompanyChannel': async (event, kit) => {
      await kit.resolve('createCompanyChannel', event.output)
      expect(kit.actions.refreshUser).toHaveBeenCalledTimes(1)
    },
  },
  states: {
    '*': (expected, kit) => {
      if (!expected.matches('open')) return
      const { error } = expected.context
      if (error) expect(within(dialog(kit)).getByRole('alert').textContent).toBe(ERRORS[error])
      else expect(within(dialog(kit)).queryByRole('alert')).toBeNull()
      expect(
        within(dialog(kit)).getByText(`Step ${at(expected, { open: 'step1' }) || at(expected, { open: 'savingUseFor' }) ? 1 : 2} of 2`),
      ).toBeTruthy()
    },
    closed: (expected, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      // Shown only when skip_tutorial is 0 and there is no referral: a skipped tutorial makes no call.
      if (kit.calls.length === 0) expect(expected.context.skipTutorial).toBe(1)
    },
    skippingForReferral: (expected, kit) => {
      // A referral with the tutorial not yet skipped: no modal, the tutorial is marked skipped.
      expect(expected.context.referral).toBe('REF-42')
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.pending('skipTutorial').input).toBeUndefined()
    },
    'open.step1': (expected, kit) => {
      expect(radio(kit, 'For myself').checked).toBe(expected.context.useFor === 'personal')
      expect(radio(kit, 'For my business').checked).toBe(expected.context.useFor === 'business')
      expect(button(kit, 'Next').disabled).toBe(expected.context.useFor === null)
      expect(within(dialog(kit)).queryByRole('button', { name: 'Skip' })).toBeNull()
    },
    'open.savingUseFor': (expected, kit) => {
      expect(button(kit, 'Next').getAttribute('aria-busy')).toBe('true')
      expect(kit.pending('saveUseFor').input).toEqual({ use_for: expected.context.useFor })
    },
    'open.step2.personal.browsing': (expected, kit) => {
      const { keyword } = expected.context
      const channels = answered.get(kit.actor) ?? null
      expect(input(kit, 'Channel name').value).toBe(keyword)
      expect(button(kit, 'Search').disabled).toBe(keyword.trim() === '')
      expect(button(kit, 'Skip').disabled).toBe(false)
      if (channels === null) expect(within(dialog(kit)).queryByRole('list')).toBeNull()
      else if (channels.length === 0) expect(within(dialog(kit)).getByText('No channels found')).toBeTruthy()
      else {
        // What the search answered, each channel once.
        const rows = within(within(dialog(kit)).getByRole('list', { name: 'Channels found' })).getAllByRole('listitem')
        const names = rows.map((row) => row.getAttribute('aria-label'))
        expect(new Set(names).size).toBe(names.length)
        expect(names).toEqual(channels.map((c) => c.name))
        expect(within(rows[0]).getByText('12 members')).toBeTruthy()
        expect(within(rows[0]).getByRole<HTMLButtonElement>('button', { name: 'Join' }).disabled).toBe(false)
      }
    },
    'open.step2.personal.searching': (expected, kit) => {
      expect(button(kit, 'Search').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Skip').disabled).toBe(true)
      expect(kit.pending('searchChannels').input).toEqual({ keyword: expected.context.keyword.trim() })
    },
    'open.step2.personal.joining': (_, kit) => {
      expect(button(kit, 'Join').getAttribute('aria-busy')).toBe('true')
      expect(button(kit, 'Skip').disabled).toBe(true)
      expect(kit.pending('joinChannel').input).toEqual({ channel_id: 'ch-1' })
    },
    'open.step2.business.editing': (expected, kit) => {
      const { companyName, website, channelType } = expected.context
      expect(input(kit, 'Company name').value).toBe(companyName)
      expect(input(kit, 'Website (optional)').value).toBe(website)
      expect(radio(kit, 'Small or medium business').checked).toBe(channelType === 'sme')
      expect(radio(kit, 'Education').checked).toBe(channelType === 'edu')
      // The company name and a type (sme or edu) are required; the website is not.
      expect(button(kit, 'Create company channel').disabled).toBe(companyName.trim() === '' || channelType === null)
      expect(button(kit, 'Skip').disabled).toBe(false)
    },
    'open.step2.business.savingCompany': (expected, kit) => {
      expect(within(dialog(kit)).getByRole('status').textContent).toBe('Saving your company…')
      const { companyName, website } = expected.context
      expect(kit.pending('saveStartWith').input).toEqual({ start_with: companyName, ...(website ? { website } : {}) })
    },
    'open.step2.business.creatingChannel': (expected, kit) => {
      expect(within(dialog(kit)).getByRole('status').textContent).toBe('Creating your company channel…')
      const { companyName, website, channelType } = expected.context
      expect(kit.pending('createCompanyChannel').input).toEqual({
        name: companyName,
        use_for: channelType,
        ...(website ? { website } : {}),
      })
    },
    'open.finishing': (_, kit) => {
      expect(button(kit, 'Skip').disabled).toBe(true)
      expect(kit.pending('finishTutorial').src).toBe('skipTutorial')
    },
  },
})
