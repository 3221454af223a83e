import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { useSelector } from '@xstate/react'
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate'
import type { User } from '../../../contract/user'
import { profileView, sessionMachine, type SessionEvent, type SessionMachine } from '../../../src/machines/session'
import { ProfileForm } from '../../../src/ui/app/profile-form'

const user = { name: 'Lan Nguyễn', photo_url: null, account: { language: 'en' } } as unknown as User

/** The profile page as the app wires it: the session machine's profile view spread on ProfileForm. */
function ProfilePage({ actor }: { actor: Actor<SessionMachine> }) {
  const view = useSelector(actor, profileView)
  return (
    <ProfileForm
      {...view}
      onSaveName={(name) => actor.send({ type: 'UPDATE_NAME', name })}
      onPickAvatar={(file) => actor.send({ type: 'PICK_AVATAR', file })}
    />
  )
}

async function loggedInActor() {
  const uploads: string[] = []
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        restore: fromPromise(async () => ({ tokens: { access_token: 'a', refresh_token: 'r' }, user })),
        uploadAvatar: fromCallback<SessionEvent, { file: { type: string; size: number } }>(({ input, sendBack }) => {
          uploads.push(input.file.type)
          sendBack({ type: 'UPLOAD_PROGRESS', percent: 30 })
        }),
      },
    }),
    { input: { refreshToken: 'stored' } },
  ).start()
  await act(async () => {
    await Promise.resolve()
  })
  return { actor, uploads }
}

describe('profile avatar', () => {
  it('refuses a file that is not JPG/PNG with the spec message, before uploading', async () => {
    const { actor, uploads } = await loggedInActor()
    render(
      <I18nProvider i18n={i18n}>
        <ProfilePage actor={actor} />
      </I18nProvider>,
    )
    // A user who picks "All files" in the dialog.
    const events = userEvent.setup({ applyAccept: false })
    await events.upload(screen.getByLabelText('Upload a new avatar'), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }))
    expect(screen.getByRole('alert').textContent).toBe('You can only upload JPG/PNG file')
    expect(uploads).toEqual([])

    await events.upload(screen.getByLabelText('Upload a new avatar'), new File(['png'], 'me.png', { type: 'image/png' }))
    expect(uploads).toEqual(['image/png'])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('30')
    actor.stop()
  })

  it('shows initials when there is no photo', async () => {
    const { actor } = await loggedInActor()
    render(
      <I18nProvider i18n={i18n}>
        <ProfilePage actor={actor} />
      </I18nProvider>,
    )
    expect(screen.getByRole('img', { name: 'Your avatar' }).textContent).toBe('LN')
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Lan Nguyễn')
    actor.stop()
  })
})
