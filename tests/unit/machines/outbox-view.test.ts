import { describe, expect, it } from 'vitest'
import { undelivered, type PendingMessage } from '../../../src/machines/outbox'

const pending = (clientId: string): PendingMessage => ({
  entry: { client_id: clientId, topic_id: 't-1', message: clientId, media_ids: [], mentions: [], created_at: '2026-03-01T08:00:00.000Z' },
  status: 'sending',
})

describe('undelivered', () => {
  it('drops a pending message once the conversation shows the server copy (NEW_MESSAGE before the send answer)', () => {
    const queue = [pending('a'), pending('b'), pending('c')]
    expect(undelivered(queue, [{ client_id: 'b' }, { client_id: null }]).map((p) => p.entry.client_id)).toEqual(['a', 'c'])
    expect(undelivered(queue, [])).toEqual(queue)
  })
})
