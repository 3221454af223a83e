import { type ReactNode, useState } from 'react'
import type { Message, Sender } from '../../contract/message'
import { isTopicAdmin, topicAllows, type TopicInfo } from '../../contract/topic'
import { usePoll, usePollForm } from '../services/poll'
import { CreatePollButton } from '../ui/poll/create-poll-button'
import { PollCard } from '../ui/poll/poll-card'
import { PollDialog } from '../ui/poll/poll-dialog'

/**
 * Polls in an open chat, for the Conversation view: `poll` renders a poll message's live card (its
 * own poll machine), `composerTools` the "Create a poll" entry, left out where the group lets only
 * admins create polls and the reader is not one.
 */
export function chatPolls(topic: TopicInfo, meId: string): { poll: (message: Message) => ReactNode; composerTools: ReactNode } {
  const member = topic.customers.find((c) => c._id === meId)
  const me: Sender = { _id: meId, name: member?.name ?? '', workid: member?.workid ?? '', photo_url: member?.photo_url ?? null }
  const isAdmin = isTopicAdmin(topic.role)
  return {
    poll: (message) => <ChatPoll key={message._id} pollId={message._id} question={message.message} me={me} isAdmin={isAdmin} />,
    composerTools: topicAllows(topic, topic.role, 'poll') ? <CreatePoll topicId={topic._id} /> : null,
  }
}

function ChatPoll(input: { pollId: string; question: string; me: Sender; isAdmin: boolean }) {
  return <PollCard {...usePoll(input)} />
}

/** The entry and, while it shows, the dialog (its machine, with a fresh client_id, runs while it does). */
function CreatePoll({ topicId }: { topicId: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <CreatePollButton onOpen={() => setOpen(true)} />
      {open ? <CreatePollDialog topicId={topicId} onClosed={() => setOpen(false)} /> : null}
    </>
  )
}

function CreatePollDialog({ topicId, onClosed }: { topicId: string; onClosed: () => void }) {
  return <PollDialog {...usePollForm(topicId, onClosed)} />
}
