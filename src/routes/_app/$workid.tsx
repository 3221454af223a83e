import { useEffect, useState } from 'react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { chatWith } from '../../services/chat'

export const Route = createFileRoute('/_app/$workid')({ component: WorkidPage })

/** Spec section 2: /{workid} opens the 1:1 chat with that person. */
function WorkidPage() {
  const { workid } = Route.useParams()
  const navigate = useNavigate()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    setFailed(false)
    chatWith(workid).then(
      (topic) => void navigate({ to: '/chat/$topicId', params: { topicId: topic._id }, replace: true }),
      () => setFailed(true),
    )
  }, [workid, navigate])
  return failed ? (
    <p role="alert" className="p-6 text-sm text-red-700">
      <Trans>No one with this Work ID can be reached.</Trans>
    </p>
  ) : (
    <p role="status" className="p-6 text-sm text-slate-500">
      <Trans>Opening the chat…</Trans>
    </p>
  )
}
