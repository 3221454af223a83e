import { useEffect } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { profileView } from '../../../machines/session/session.view'
import { sendSession, useSession } from '../../../services/session'
import { Page } from '../../../ui/app/page'
import { ProfileForm } from '../../../ui/app/profile-form'

export const Route = createFileRoute('/_app/account/profile')({ component: ProfilePage })

function ProfilePage() {
  const view = useSession(profileView)
  useEffect(() => () => sendSession({ type: 'DISMISS_NOTICE' }), [])
  return (
    <Page title={<Trans>Profile</Trans>}>
      <ProfileForm
        {...view}
        onSaveName={(name) => sendSession({ type: 'UPDATE_NAME', name })}
        onPickAvatar={(file) => sendSession({ type: 'PICK_AVATAR', file })}
      />
    </Page>
  )
}
