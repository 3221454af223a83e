// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { Session } from '../../../contract/auth'
import type { User } from '../../../contract/user'

/**
 * The runtime hooks' wiring: what the auth forms and the profile tell the session and the router,
 * with the real machines and fake calls.
 */
const lan = {
  _id: 'u-1',
  name: 'Lan Nguyen',
  email: 'lan@example.com',
  email_verified: true,
  photo_url: null,
  account: { language: 'en' },
} as unknown as User
const wire = vi.hoisted(() => ({
  sent: [] as { type: string }[],
  navigated: [] as string[],
  verified: true,
  uploads: [] as ((user: unknown) => void)[],
}))

vi.mock('../../../src/services/session', () => ({
  loadSession: async () => ({}),
  sendSession: (event: { type: string }) => wire.sent.push(event),
  useSession: (selector: (state: unknown) => unknown) => selector({ context: { user: lan } }),
}))
vi.mock('../../../src/services/api/auth', () => ({
  login: async (body: { email: string }): Promise<Session> => ({
    access_token: 'at',
    media_token: 'mt',
    user: { ...lan, email: body.email, email_verified: wire.verified },
  }),
  resendCode: async () => ({ sent: true }),
}))
vi.mock('../../../src/services/api/customer', () => ({
  updateProfile: async () => lan,
  uploadAvatar: (_file: File, onProgress: (p: { percent: number }) => void) => {
    onProgress({ percent: 50 })
    return new Promise((resolve) => wire.uploads.push(resolve))
  },
}))
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => (to: { href: string }) => wire.navigated.push(to.href) }))

const { useAuthForms } = await import('../../../src/services/auth-forms')
const { useProfile } = await import('../../../src/services/profile')

beforeEach(() => {
  wire.sent.length = 0
  wire.navigated.length = 0
  wire.uploads.length = 0
  wire.verified = true
})

describe('useAuthForms', () => {
  it("hands a verified login to the session with the link's redirect", async () => {
    const { result } = renderHook(() => useAuthForms({ redirect: '/chat' }))
    act(() => result.current.login.onSubmit({ email: 'lan@example.com', password: 'secret12' }))
    await waitFor(() => expect(wire.sent).toHaveLength(1))
    expect(wire.sent[0]).toMatchObject({ type: 'LOGGED_IN', redirect: '/chat', session: { access_token: 'at' } })
    expect(wire.navigated).toEqual([])
  })

  it('sends an unverified account to /verify-email through the router', async () => {
    wire.verified = false
    const { result } = renderHook(() => useAuthForms({}))
    act(() => result.current.login.onSubmit({ email: 'new@example.com', password: 'secret12' }))
    await waitFor(() => expect(wire.navigated).toEqual(['/verify-email?email=new%40example.com']))
    expect(wire.sent).toEqual([])
  })
})

describe('useProfile', () => {
  it("shows the session's user; a saved name and a new avatar go back to the session", async () => {
    const { result } = renderHook(() => useProfile())
    expect(result.current).toMatchObject({ name: 'Lan Nguyen', initials: 'LN', uploading: false })
    act(() => result.current.onSaveName('Lan Tran'))
    await waitFor(() => expect(result.current.notice?.message).toBe('Your name has been saved'))
    expect(wire.sent).toEqual([{ type: 'REFRESH_USER' }])

    act(() => result.current.onPickAvatar(new File(['png'], 'me.png', { type: 'image/png' })))
    expect(result.current).toMatchObject({ uploading: true, uploadPercent: 50 })
    const updated = { ...lan, photo_url: '/media/me.png' }
    await act(async () => wire.uploads[0](updated))
    await waitFor(() => expect(result.current.uploading).toBe(false))
    expect(result.current.photoUrl).toBe('/media/me.png')
    expect(wire.sent.slice(1)).toEqual([{ type: 'USER_UPDATED', user: updated }, { type: 'REFRESH_USER' }])
  })
})
