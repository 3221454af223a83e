import { createFileRoute } from '@tanstack/react-router'
import { useAccountTrash } from '../../../services/account-trash'
import { TrashPageView } from '../../../ui/account/trash-page'

export const Route = createFileRoute('/_app/account/trash')({ component: TrashPage })

function TrashPage() {
  return <TrashPageView {...useAccountTrash()} />
}
