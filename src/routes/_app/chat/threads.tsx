import { createFileRoute } from '@tanstack/react-router'
import { useThreadList } from '../../../services/thread'
import { ThreadList } from '../../../ui/thread/thread-list'

/** The threads the user follows, each with its unread replies (opening one opens its thread). */
export const Route = createFileRoute('/_app/chat/threads')({ component: ThreadsPage })

function ThreadsPage() {
  return <ThreadList {...useThreadList()} />
}
