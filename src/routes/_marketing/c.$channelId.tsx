import { createFileRoute, redirect } from '@tanstack/react-router'

/** /c/{id}: the short link of a channel page. */
export const Route = createFileRoute('/_marketing/c/$channelId')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/channel/$channelId', params, replace: true })
  },
})
