import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { SlotsForm } from '../../-booking'
import { Page } from '../../../ui/app/page'

/** /calendar/edit-your-slots/{id}: one of the reader's booking pages, changed. */
export const Route = createFileRoute('/_app/calendar/edit-your-slots/$id')({ component: EditYourSlots })

function EditYourSlots() {
  const { id } = Route.useParams()
  return (
    <Page title={<Trans>Edit your slots</Trans>}>
      <SlotsForm key={id} pageId={id} />
    </Page>
  )
}
