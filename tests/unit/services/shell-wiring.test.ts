// @vitest-environment jsdom
import type { Toast } from '../../../src/services/toast'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'

const calls = vi.hoisted(() => ({ list: [] as string[], fail: new Set<string>() }))
vi.mock('../../../src/services/api/customer', () => {
  const call = (name: string) => async (body?: unknown, options?: { quiet?: boolean }) => {
    calls.list.push(
      `${name}${body && typeof body === 'object' && !('quiet' in body) ? ` ${JSON.stringify(body)}` : ''}${(options ?? (body as { quiet?: boolean }))?.quiet ? ' (quiet)' : ''}`,
    )
    if (calls.fail.has(name)) throw new Error('Server Error')
    return {}
  }
  return {
    skipTutorial: call('skipTutorial'),
    useFor: call('useFor'),
    startWith: call('startWith'),
    updateProfile: call('updateProfile'),
    switchChannel: async (channelId: string) => {
      calls.list.push(`switchChannel ${channelId}`)
      return {}
    },
  }
})
vi.mock('../../../src/services/api/channel', () => ({
  searchChannels: async (keyword: string) => {
    calls.list.push(`searchChannels ${keyword}`)
    return keyword === 'design' ? [{ _id: 'ch-design', name: 'Design Hub', members_count: 12 }] : []
  },
  joinChannel: async (channelId: string) => {
    calls.list.push(`joinChannel ${channelId}`)
    return { _id: channelId }
  },
  createChannel: async (body: unknown) => {
    calls.list.push(`createChannel ${JSON.stringify(body)}`)
    return { _id: 'ch-acme', name: 'Acme' }
  },
}))
const sent = vi.hoisted(() => [] as unknown[])
vi.mock('../../../src/services/session', () => ({ sendSession: (event: unknown) => sent.push(event) }))

const { appOnboardingMachine, referralOf } = await import('../../../src/services/onboarding')
const { dismissToast, getToasts, subscribeToasts } = await import('../../../src/services/toast')
const { appPrivacySettingsMachine, privacyValuesOf } = await import('../../../src/services/privacy-settings')

beforeEach(() => {
  calls.list.length = 0
  calls.fail.clear()
  sent.length = 0
})

describe('referralOf', () => {
  it('reads ?referral= or ?ref=, ignoring blanks', () => {
    expect(referralOf('?referral=ABC')).toBe('ABC')
    expect(referralOf('?ref=XYZ&x=1')).toBe('XYZ')
    expect(referralOf('?ref=%20%20')).toBeNull()
    expect(referralOf('')).toBeNull()
    expect(referralOf('?page=2')).toBeNull()
  })
})

describe('the app onboarding machine', () => {
  const start = (skipTutorial: 0 | 1 = 0, referral: string | null = null) =>
    createActor(appOnboardingMachine, { input: { skipTutorial, referral } }).start()

  it('business: Next marks the tutorial skipped and saves the use; the company is saved, its channel created with the preset description and banner and made current', async () => {
    const actor = start()
    actor.send({ type: 'CHOOSE', useFor: 'business' })
    actor.send({ type: 'NEXT' })
    await waitFor(actor, (s) => s.matches({ open: { step2: { business: 'editing' } } }))
    expect(calls.list).toEqual(['skipTutorial (quiet)', 'useFor {"use_for":"business"} (quiet)'])
    actor.send({ type: 'CHANGE', field: 'companyName', value: ' Acme ' })
    actor.send({ type: 'CHOOSE_TYPE', channelType: 'edu' })
    actor.send({ type: 'SUBMIT' })
    await waitFor(actor, (s) => s.matches('closed'))
    expect(calls.list.slice(2)).toEqual([
      'startWith {"start_with":"Acme"} (quiet)',
      `createChannel ${JSON.stringify({ name: 'Acme', description: '<p>Welcome to our school channel: classes, assignments and announcements for teachers and students.</p>', is_public: true, use_for: 'edu', banner: 'edu' })}`,
      'switchChannel ch-acme',
    ])
    expect(sent).toEqual([{ type: 'REFRESH_USER' }])
  })

  it('personal: the channel search lists public channels and Join joins one; an empty search stays open until Skip', async () => {
    const actor = start()
    actor.send({ type: 'CHOOSE', useFor: 'personal' })
    actor.send({ type: 'NEXT' })
    await waitFor(actor, (s) => s.matches({ open: { step2: { personal: 'browsing' } } }))
    actor.send({ type: 'CHANGE_KEYWORD', keyword: 'design' })
    actor.send({ type: 'SEARCH' })
    await waitFor(actor, (s) => s.context.channels !== null)
    expect(actor.getSnapshot().context.channels).toEqual([{ _id: 'ch-design', name: 'Design Hub', members: 12 }])
    actor.send({ type: 'CHANGE_KEYWORD', keyword: 'nothing' })
    actor.send({ type: 'SEARCH' })
    await waitFor(actor, (s) => s.context.channels?.length === 0)
    actor.send({ type: 'SKIP' })
    await waitFor(actor, (s) => s.matches('closed'))
    expect(calls.list.at(-1)).toBe('skipTutorial (quiet)')
    expect(sent).toEqual([{ type: 'REFRESH_USER' }])
  })

  it('a referral marks the tutorial skipped without showing it; a skipped tutorial calls nothing', async () => {
    const actor = start(0, 'REF-42')
    await waitFor(actor, (s) => s.matches('closed'))
    expect(calls.list).toEqual(['skipTutorial (quiet)'])
    calls.list.length = 0
    expect(start(1, 'REF-42').getSnapshot().matches('closed')).toBe(true)
    expect(calls.list).toEqual([])
  })
})

describe('the app privacy settings machine', () => {
  it('takes the values from the account (all off and sounds on before the user is known)', () => {
    expect(privacyValuesOf(null)).toEqual({
      only_friend_call: 0,
      only_friend_invite_topic: 0,
      only_friend_chat: 0,
      sounds: 1,
      read_receipts: 1,
    })
    const account = { only_friend_call: 1, only_friend_invite_topic: 0, only_friend_chat: 1, sounds: 0, read_receipts: 0 }
    expect(privacyValuesOf({ account } as never)).toEqual(account)
  })

  it('saves one field quietly, refreshes the user and says Saved; sounds too, without reloading the page', async () => {
    const shown: Toast[] = []
    const stop = subscribeToasts(() => shown.splice(0, shown.length, ...getToasts()))
    try {
      const actor = createActor(appPrivacySettingsMachine, { input: { values: privacyValuesOf(null) } }).start()
      actor.send({ type: 'TOGGLE', field: 'only_friend_chat' })
      await waitFor(actor, (s) => s.matches('idle'))
      expect(calls.list).toEqual(['updateProfile {"only_friend_chat":1} (quiet)'])
      expect(sent).toEqual([{ type: 'REFRESH_USER' }])
      expect(shown.map((toast) => [toast.tone, typeof toast.text === 'string' ? toast.text : toast.text.message])).toEqual([
        ['success', 'Saved'],
      ])

      actor.send({ type: 'TOGGLE', field: 'sounds' })
      await waitFor(actor, (s) => s.matches('idle'))
      expect(calls.list.at(-1)).toBe('updateProfile {"sounds":0} (quiet)')
      expect(sent).toEqual([{ type: 'REFRESH_USER' }, { type: 'REFRESH_USER' }])
    } finally {
      stop()
      for (const toast of getToasts()) dismissToast(toast.id)
    }
  })

  it('a failed save switches back and names the switch', async () => {
    calls.fail.add('updateProfile')
    const actor = createActor(appPrivacySettingsMachine, { input: { values: privacyValuesOf(null) } }).start()
    actor.send({ type: 'TOGGLE', field: 'only_friend_call' })
    await waitFor(actor, (s) => s.matches('idle'))
    expect(actor.getSnapshot().context).toMatchObject({ values: { only_friend_call: 0 }, failed: 'only_friend_call' })
    expect(sent).toEqual([])
  })
})
