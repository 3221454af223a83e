import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useProfile } from '../../../services/profile'
import { Page } from '../../../ui/app/page'
import { ProfileForm } from '../../../ui/app/profile-form'

export const Route = createFileRoute('/_app/account/profile')({ component: ProfilePage })

function ProfilePage() {
  const profile = useProfile()
  return (
    <Page title={<Trans>Profile</Trans>}>
      <ProfileForm {...profile} />
    </Page>
  )
}
