import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Page } from '../app/page'

/** /setting: the settings page, one section per concern, in the order the route lists them. */
export function SettingsPageView({ children }: { children: ReactNode }) {
  return (
    <Page title={<Trans>Settings</Trans>}>
      <div className="flex flex-col gap-4">{children}</div>
    </Page>
  )
}
