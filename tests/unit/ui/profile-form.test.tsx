// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { useActorRef, useSelector } from '@xstate/react'
import { fromCallback } from 'xstate'
import { connect, profileMachine, type AvatarFile, type ProfileEvent } from '../../../src/machines/profile'
import { ProfileForm } from '../../../src/ui/app/profile-form'

const lan = { name: 'Lan Nguyễn', photo_url: null }

/** The profile page as the app wires it: connect's props spread on ProfileForm. */
function ProfilePage({ uploads }: { uploads: string[] }) {
  const actor = useActorRef(
    profileMachine.provide({
      actors: {
        uploadAvatar: fromCallback<ProfileEvent, { file: AvatarFile }>(({ input, sendBack }) => {
          uploads.push(input.file.type)
          sendBack({ type: 'UPLOAD_PROGRESS', percent: 30 })
        }),
      },
    }),
    { input: { user: lan } },
  )
  const snapshot = useSelector(actor, (s) => s)
  return <ProfileForm {...connect(snapshot, actor.send)} />
}

const renderPage = (uploads: string[] = []) =>
  render(
    <I18nProvider i18n={i18n}>
      <ProfilePage uploads={uploads} />
    </I18nProvider>,
  )

describe('profile avatar', () => {
  it('refuses a file that is not JPG/PNG with the spec message, before uploading', async () => {
    const uploads: string[] = []
    renderPage(uploads)
    // A user who picks "All files" in the dialog.
    const events = userEvent.setup({ applyAccept: false })
    await events.upload(screen.getByLabelText('Upload a new avatar'), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }))
    expect(screen.getByRole('alert').textContent).toBe('You can only upload JPG/PNG file')
    expect(uploads).toEqual([])

    await events.upload(screen.getByLabelText('Upload a new avatar'), new File(['png'], 'me.png', { type: 'image/png' }))
    expect(uploads).toEqual(['image/png'])
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('30')
  })

  it('shows initials when there is no photo', () => {
    renderPage()
    expect(screen.getByRole('img', { name: 'Your avatar' }).getAttribute('data-initials')).toBe('LN')
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Lan Nguyễn')
  })
})
