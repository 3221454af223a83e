import { describe, expect, it } from 'vitest'
import { notificationTarget, type TargetSource } from '../../../contract/notify-kinds'

/** A to-do's notification (new, changed, due) opens the to-dos page. */
const source = (key: 'todo' | 'todo_changed' | 'todo_due'): TargetSource => ({
  notifiable_type: 'todo',
  notifiable_id: 'td-1',
  object_id: 'td-1',
  value: null,
  notify_message_json: { key, value: { title: 'Book the room' } },
  customer: { workid: 'ann' },
})

describe('a to-do notification', () => {
  for (const key of ['todo', 'todo_changed', 'todo_due'] as const)
    it(`${key} opens /todo`, () => {
      expect(notificationTarget(source(key))).toBe('/todo')
    })
})
