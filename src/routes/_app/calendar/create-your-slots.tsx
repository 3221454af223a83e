import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { SlotsForm } from '../../-booking'
import { Page } from '../../../ui/app/page'

/** /calendar/create-your-slots: a new booking page (weekly availability, length, buffer, notice, how far ahead, time zone). */
export const Route = createFileRoute('/_app/calendar/create-your-slots')({ component: CreateYourSlots })

function CreateYourSlots() {
  return (
    <Page title={<Trans>Create your slots</Trans>}>
      <SlotsForm pageId={null} />
    </Page>
  )
}
