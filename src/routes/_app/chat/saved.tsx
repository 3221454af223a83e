import { createFileRoute } from '@tanstack/react-router'
import { useSavedList } from '../../../services/saved'
import { SavedPageView } from '../../../ui/saved/saved-page'

/** /chat/saved: the user's saved messages (each opens in its chat). */
export const Route = createFileRoute('/_app/chat/saved')({ component: SavedPage })

function SavedPage() {
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <SavedPageView {...useSavedList()} />
    </div>
  )
}
