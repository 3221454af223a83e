import { useEffect, useMemo } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Receipts } from '../../contract/presence'
import type { TopicInfo } from '../../contract/topic'
import { connect, receiptsMachine, type ReceiptsView } from '../machines/receipts'
import { receiptsOf } from './api/presence'
import { onSocketConnect, onSocketEvent } from './socket'

const appReceiptsMachine = receiptsMachine.provide({
  actors: { loadReceipts: fromPromise<Receipts, { topicId: string }>(({ input }) => receiptsOf(input.topicId)) },
})

/**
 * The open chat's read receipts: the receipts machine with GET receipts, fed the socket's RECEIPT
 * and RECEIPTS_CHANGED, the members' own new messages (they have read up to them) and reconnects.
 * Null when the chat shows none.
 */
export function useReceipts(topic: Pick<TopicInfo, '_id' | 'is_group' | 'customers'>, meId: string): ReceiptsView | null {
  const topicId = topic._id
  const actor = useActorRef(appReceiptsMachine, {
    input: { topicId, meId, memberIds: topic.customers.map((c) => c._id), oneToOne: !topic.is_group },
  })
  useEffect(() => {
    const offs = [
      onSocketEvent('RECEIPT', (p) => {
        if (p.topic_id === topicId) actor.send({ type: 'RECEIPT', userId: p.user_id, seq: p.seq })
      }),
      onSocketEvent('NEW_MESSAGE', ({ message }) => {
        if (message.topic_id === topicId && message.sender && message.sender._id !== meId)
          actor.send({ type: 'READ', userId: message.sender._id, seq: message.seq })
      }),
      onSocketEvent('RECEIPTS_CHANGED', ({ user_id }) => actor.send({ type: 'SWITCHED', userId: user_id })),
      onSocketConnect(() => actor.send({ type: 'CONNECTED' })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor, topicId, meId])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connect(snapshot), [snapshot])
}
