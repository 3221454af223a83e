import { type ReactNode, useCallback } from 'react'
import { Outlet, useMatch, useNavigate } from '@tanstack/react-router'
import type { Message } from '../../contract/message'

/**
 * An open chat with its thread: from 1024 px the thread (the child route's page) is a panel beside
 * the conversation; below it the thread takes the chat's place (the conversation stays mounted,
 * hidden, so going back finds it as it was).
 */
export function ChatWithThread({ children }: { children: ReactNode }) {
  const thread = useMatch({ from: '/_app/chat/$topicId/thread/$rootId', shouldThrow: false })
  return (
    <div className="flex h-full min-h-0">
      <div className={`${thread ? 'hidden lg:flex' : 'flex'} min-h-0 min-w-0 flex-1 flex-col`}>{children}</div>
      <Outlet />
    </div>
  )
}

/** A message's "Reply in thread" (and its thread summary): opens its thread (a reply also sent to the chat: its root's). */
export function useOpenThread(topicId: string) {
  const navigate = useNavigate()
  return useCallback(
    (message: Message) =>
      void navigate({ to: '/chat/$topicId/thread/$rootId', params: { topicId, rootId: message.thread_root_id ?? message._id } }),
    [navigate, topicId],
  )
}
