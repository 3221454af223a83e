import { useEffect, useState } from 'react'
import { type Reader, RECEIPTS_MAX_MEMBERS } from '../../contract/presence'
import type { TopicInfo } from '../../contract/topic'
import { receiptsOf } from './api/presence'
import { onSocketConnect, onSocketEvent } from './socket'

/** What the open chat shows of its read receipts: how far each other member has read. */
export interface ReceiptsView {
  /** A 1:1 chat says "Seen"; a group shows who. */
  oneToOne: boolean
  readers: Reader[]
}

/**
 * The open chat's read receipts (chats of up to 20 members): read with GET receipts, moved by RECEIPT
 * (someone read further) and by a reader's own new message (they have read up to it), read again
 * after a reconnect and when a member or the user turns receipts on or off (RECEIPTS_CHANGED). Null when the chat shows none (too big, or the user turned theirs off).
 */
export function useReceipts(topic: Pick<TopicInfo, '_id' | 'is_group' | 'customers'>, meId: string): ReceiptsView | null {
  const topicId = topic._id
  const oneToOne = !topic.is_group
  const small = topic.customers.length <= RECEIPTS_MAX_MEMBERS
  const [readers, setReaders] = useState<Reader[] | null>(null)
  const memberIds = topic.customers.map((c) => c._id).join()
  useEffect(() => {
    if (!small) return
    const members = new Set(memberIds.split(','))
    let live = true
    const load = () =>
      receiptsOf(topicId)
        .then((r) => live && setReaders(r.mode === 'on' ? r.readers : null))
        .catch(() => undefined)
    const move = (userId: string, seq: number) =>
      setReaders((list) => list && list.map((r) => (r.user_id === userId && r.seq < seq ? { ...r, seq } : r)))
    void load()
    const offs = [
      onSocketEvent('RECEIPT', (p) => {
        if (p.topic_id === topicId) move(p.user_id, p.seq)
      }),
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        if (message.topic_id === topicId && message.sender && message.sender._id !== meId) move(message.sender._id, message.seq)
      }),
      // Someone of this chat (or the user) turned read receipts on or off: what shows is read again.
      onSocketEvent('RECEIPTS_CHANGED', ({ user_id }) => {
        if (user_id === meId || members.has(user_id)) void load()
      }),
      onSocketConnect(() => void load()),
    ]
    return () => {
      live = false
      for (const off of offs) off()
    }
  }, [topicId, small, meId, memberIds])
  return readers ? { oneToOne, readers } : null
}
