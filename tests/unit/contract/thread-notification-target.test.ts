import { describe, expect, it } from 'vitest'
import { notificationTarget, type TargetSource } from '../../../contract/notify-kinds'

/** A mention (or a word followed) in a thread reply opens the thread; one in the chat, the chat. */
const source = (value: TargetSource['value']): TargetSource => ({
  notifiable_type: 'tag_message',
  notifiable_id: 'm-2',
  object_id: 't-1',
  value,
  notify_message_json: { key: 'tag_message', value: { title: 'General' } },
  customer: { workid: 'ann' },
})

describe('a mention notification', () => {
  it('in a thread reply opens the thread beside its chat', () => {
    expect(notificationTarget(source({ key: 'tag_message', topic_id: 't-1', thread_root_id: 'm-1' }))).toBe('/chat/t-1/thread/m-1')
  })
  it('in the chat opens the chat', () => {
    expect(notificationTarget(source({ key: 'tag_message', topic_id: 't-1' }))).toBe('/chat/t-1')
  })
})
