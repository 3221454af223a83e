import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { actorNotProvided } from '../not-provided'
import type {
  ChannelHit,
  CompanyChannelInput,
  JoinChannelInput,
  OnboardingContext,
  OnboardingError,
  OnboardingEvent,
  OnboardingInput,
  SaveStartWithInput,
  SaveUseForInput,
} from './onboarding.types'

/**
 * The first-login tutorial.
 *
 *   deciding --always--> closed when skip_tutorial is 1; with a referral query (tutorial not yet
 *            skipped) -> skippingForReferral: PUT customer/skip-tutorial, then closed; else open
 *   open.step1: CHOOSE personal | business, NEXT -> savingUseFor: PUT customer/skip-tutorial and
 *            PUT customer/use-for (the tutorial counts as skipped from here) -> step2
 *   open.step2.personal: search a referring channel (SEARCH) and JOIN one it found
 *   open.step2.business: company name required, channel type sme or edu required, website
 *            optional; SUBMIT -> PUT customer/start-with {start_with, website}, then the company
 *            channel is created (`createCompanyChannel`, with the type's preset description/banner)
 *   SKIP at step 2 -> finishing: PUT customer/skip-tutorial; on 200 the modal hides and the user is
 *            refreshed (injected `refreshUser`)
 *
 * Pure: every call is an injected promise actor.
 */

export const businessComplete = (context: Pick<OnboardingContext, 'companyName' | 'channelType'>) =>
  context.companyName.trim() !== '' && context.channelType !== null

const notProvided = actorNotProvided('onboarding')

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: {
    /** PUT customer/skip-tutorial. */
    skipTutorial: fromPromise<unknown, void>(notProvided('skipTutorial')),
    /** PUT customer/skip-tutorial, then PUT customer/use-for {use_for}. */
    saveUseFor: fromPromise<unknown, SaveUseForInput>(notProvided('saveUseFor')),
    /** Channels matching a name or referral (GET channel?keyword=...). */
    searchChannels: fromPromise<ChannelHit[], { keyword: string }>(notProvided('searchChannels')),
    /** Join the referring channel. */
    joinChannel: fromPromise<unknown, JoinChannelInput>(notProvided('joinChannel')),
    /** PUT customer/start-with {start_with, website}. */
    saveStartWith: fromPromise<unknown, SaveStartWithInput>(notProvided('saveStartWith')),
    /**
     * POST channel/create for the company: the type's preset description and banner. Answers the
     * channel, or null when no channel was made (the app says why); either way the tutorial ends.
     */
    createCompanyChannel: fromPromise<{ _id: string } | null, CompanyChannelInput>(notProvided('createCompanyChannel')),
  },
  guards: {
    tutorialSkipped: ({ context }) => context.skipTutorial === 1,
    hasReferral: ({ context }) => Boolean(context.referral),
    hasUseFor: ({ context }) => context.useFor !== null,
    isPersonal: ({ context }) => context.useFor === 'personal',
    hasKeyword: ({ context }) => context.keyword.trim() !== '',
    isFoundChannel: ({ context, event }) =>
      event.type === 'JOIN' && (context.channels ?? []).some((channel) => channel._id === event.channelId),
    businessComplete: ({ context }) => businessComplete(context),
  },
  actions: {
    /** Injected: refetch the user (customer/user-info). */
    refreshUser: () => {},
    clearError: assign({ error: null }),
    showError: assign((_, params: { error: OnboardingError }) => ({ error: params.error })),
    markTutorialSkipped: assign({ skipTutorial: 1 as const }),
    chooseUseFor: assign(({ event }) => {
      assertEvent(event, 'CHOOSE')
      return { useFor: event.useFor, error: null }
    }),
    setKeyword: assign(({ event }) => {
      assertEvent(event, 'CHANGE_KEYWORD')
      return { keyword: event.keyword }
    }),
    keepChannels: assign((_, params: { channels: ChannelHit[] }) => ({ channels: params.channels })),
    setBusinessField: assign(({ event }) => {
      assertEvent(event, 'CHANGE')
      return { [event.field]: event.value }
    }),
    chooseChannelType: assign(({ event }) => {
      assertEvent(event, 'CHOOSE_TYPE')
      return { channelType: event.channelType }
    }),
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({
    ...input,
    useFor: null,
    keyword: '',
    channels: null,
    companyName: '',
    website: '',
    channelType: null,
    error: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'tutorialSkipped', target: 'closed' }, { guard: 'hasReferral', target: 'skippingForReferral' }, { target: 'open' }],
    },
    skippingForReferral: {
      invoke: {
        id: 'skipTutorial',
        src: 'skipTutorial',
        onDone: { target: 'closed', actions: ['markTutorialSkipped', 'refreshUser'] },
        // It shows again on the next login; nothing to tell the user now.
        onError: 'closed',
      },
    },
    open: {
      initial: 'step1',
      states: {
        step1: {
          on: {
            CHOOSE: { actions: 'chooseUseFor' },
            NEXT: { guard: 'hasUseFor', target: 'savingUseFor', actions: 'clearError' },
          },
        },
        savingUseFor: {
          invoke: {
            id: 'saveUseFor',
            src: 'saveUseFor',
            input: ({ context }) => ({ use_for: context.useFor ?? 'personal' }),
            onDone: [
              { guard: 'isPersonal', target: 'step2.personal', actions: 'markTutorialSkipped' },
              { target: 'step2.business', actions: 'markTutorialSkipped' },
            ],
            onError: { target: 'step1', actions: { type: 'showError', params: { error: 'saveUseFor' } } },
          },
        },
        step2: {
          initial: 'personal',
          states: {
            personal: {
              initial: 'browsing',
              states: {
                browsing: {
                  on: {
                    CHANGE_KEYWORD: { actions: 'setKeyword' },
                    SEARCH: { guard: 'hasKeyword', target: 'searching', actions: 'clearError' },
                    JOIN: { guard: 'isFoundChannel', target: 'joining', actions: 'clearError' },
                    SKIP: { target: '#onboarding.open.finishing', actions: 'clearError' },
                  },
                },
                searching: {
                  invoke: {
                    id: 'searchChannels',
                    src: 'searchChannels',
                    input: ({ context }) => ({ keyword: context.keyword.trim() }),
                    onDone: { target: 'browsing', actions: { type: 'keepChannels', params: ({ event }) => ({ channels: event.output }) } },
                    onError: { target: 'browsing', actions: { type: 'showError', params: { error: 'search' } } },
                  },
                },
                joining: {
                  invoke: {
                    id: 'joinChannel',
                    src: 'joinChannel',
                    input: ({ event }) => ({ channel_id: event.type === 'JOIN' ? event.channelId : '' }),
                    onDone: { target: '#onboarding.closed', actions: 'refreshUser' },
                    onError: { target: 'browsing', actions: { type: 'showError', params: { error: 'join' } } },
                  },
                },
              },
            },
            business: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    CHANGE: { actions: 'setBusinessField' },
                    CHOOSE_TYPE: { actions: 'chooseChannelType' },
                    SUBMIT: { guard: 'businessComplete', target: 'savingCompany', actions: 'clearError' },
                    SKIP: { target: '#onboarding.open.finishing', actions: 'clearError' },
                  },
                },
                savingCompany: {
                  invoke: {
                    id: 'saveStartWith',
                    src: 'saveStartWith',
                    input: ({ context }) => ({
                      start_with: context.companyName.trim(),
                      ...(context.website.trim() ? { website: context.website.trim() } : {}),
                    }),
                    onDone: 'creatingChannel',
                    onError: { target: 'editing', actions: { type: 'showError', params: { error: 'saveCompany' } } },
                  },
                },
                creatingChannel: {
                  invoke: {
                    id: 'createCompanyChannel',
                    src: 'createCompanyChannel',
                    input: ({ context }) => ({
                      name: context.companyName.trim(),
                      use_for: context.channelType ?? 'sme',
                      ...(context.website.trim() ? { website: context.website.trim() } : {}),
                    }),
                    onDone: { target: '#onboarding.closed', actions: 'refreshUser' },
                    onError: { target: 'editing', actions: { type: 'showError', params: { error: 'createChannel' } } },
                  },
                },
              },
            },
          },
        },
        finishing: {
          invoke: {
            id: 'finishTutorial',
            src: 'skipTutorial',
            onDone: { target: '#onboarding.closed', actions: 'refreshUser' },
            onError: [
              { guard: 'isPersonal', target: 'step2.personal', actions: { type: 'showError', params: { error: 'skip' } } },
              { target: 'step2.business', actions: { type: 'showError', params: { error: 'skip' } } },
            ],
          },
        },
      },
    },
    closed: { type: 'final' },
  },
})

/** What the statechart visualiser starts the machine with. */
export const onboardingSampleInput: OnboardingInput = { skipTutorial: 0, referral: null }

export type OnboardingMachine = typeof onboardingMachine
export type OnboardingActor = ActorRefFrom<OnboardingMachine>
export type OnboardingSnapshot = SnapshotFrom<OnboardingMachine>
