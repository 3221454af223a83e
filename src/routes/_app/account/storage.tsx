import { createFileRoute } from '@tanstack/react-router'
import { useAccountStorage } from '../../../services/account-storage'
import { StorageSummaryView } from '../../../ui/account/storage-summary-page'

export const Route = createFileRoute('/_app/account/storage')({ component: StoragePage })

function StoragePage() {
  return <StorageSummaryView {...useAccountStorage()} />
}
