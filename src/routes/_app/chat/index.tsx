import { createFileRoute, redirect } from '@tanstack/react-router'

/** /chat redirects to /chat/default. */
export const Route = createFileRoute('/_app/chat/')({
  beforeLoad: () => {
    throw redirect({ to: '/chat/default', replace: true })
  },
})
