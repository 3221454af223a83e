import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { Sender } from '../../../contract/message'
import type { Todo } from '../../../contract/todo'
import { connect, localDueOf, todoFormMachine, todoFormProblems, type TodoFormInput } from '../../../src/machines/todo-form'

/** The dialog's field rules and its edit, which sends the changed fields only. */

const ANN: Sender = { _id: 'u-ann', name: 'Ann', workid: 'ann', photo_url: null }
const BAO: Sender = { _id: 'u-bao', name: 'Bao', workid: 'bao', photo_url: null }
const values = { title: 'Report', note: '', assigneeIds: [] as string[], dueAt: '' }

describe('the field rules', () => {
  it('a title of 1 to 200 characters once trimmed', () => {
    expect(todoFormProblems({ ...values, title: '   ' }).title).toBe('required')
    expect(todoFormProblems({ ...values, title: 'x'.repeat(200) }).title).toBeNull()
    expect(todoFormProblems({ ...values, title: ` ${'x'.repeat(200)} ` }).title).toBeNull()
    expect(todoFormProblems({ ...values, title: 'x'.repeat(201) }).title).toBe('tooLong')
  })
  it('a note of at most 2000 characters', () => {
    expect(todoFormProblems({ ...values, note: 'n'.repeat(2000) }).note).toBeNull()
    expect(todoFormProblems({ ...values, note: 'n'.repeat(2001) }).note).toBe('tooLong')
  })
  it('at most 20 assignees', () => {
    const people = (n: number) => Array.from({ length: n }, (_, i) => `u-${i}`)
    expect(todoFormProblems({ ...values, assigneeIds: people(20) }).assignees).toBeNull()
    expect(todoFormProblems({ ...values, assigneeIds: people(21) }).assignees).toBe('tooMany')
  })
  it('a due time that is a date and a time, or none', () => {
    expect(todoFormProblems({ ...values, dueAt: '' }).due).toBeNull()
    expect(todoFormProblems({ ...values, dueAt: '2026-12-01T17:30' }).due).toBeNull()
    expect(todoFormProblems({ ...values, dueAt: '2026-12-01' }).due).toBe('invalid')
    expect(todoFormProblems({ ...values, dueAt: 'tomorrow' }).due).toBe('invalid')
  })
  it('a due time shows in local time to the minute', () => {
    expect(localDueOf(new Date(2026, 0, 5, 7, 4, 59).toISOString())).toBe('2026-01-05T07:04')
    expect(localDueOf(null)).toBe('')
  })
})

const EDITED: Todo = {
  _id: 'td-1',
  topic_id: 't-1',
  topic_name: 'Design',
  title: 'Write report',
  note: 'Q3 numbers',
  status: 'doing',
  due_at: new Date(2026, 10, 30, 9, 15).toISOString(),
  creator: ANN,
  assignees: [ANN, BAO],
  created_at: '2026-11-28T08:00:00.000Z',
  updated_at: '2026-11-28T08:00:00.000Z',
  done_at: null,
}

function start(input: TodoFormInput) {
  const sent: unknown[] = []
  const actor = createActor(
    todoFormMachine.provide({
      actors: {
        saveTodo: fromPromise(async ({ input: call }) => {
          sent.push(call)
          return EDITED
        }),
      },
    }),
    { input },
  )
  actor.start()
  return { actor, sent }
}

describe('editing a to-do', () => {
  const input: TodoFormInput = { clientId: 'c-1', topicId: 't-1', members: [ANN, BAO], todo: EDITED }

  it('opens with its fields', () => {
    const { actor } = start(input)
    const props = connect(actor.getSnapshot(), actor.send)
    expect([props.title, props.note, props.dueAt]).toEqual(['Write report', 'Q3 numbers', '2026-11-30T09:15'])
    expect(props.assignees.map((a) => [a.name, a.checked])).toEqual([
      ['Ann', true],
      ['Bao', true],
    ])
  })

  it('sends only what changed', () => {
    const { actor, sent } = start(input)
    actor.send({ type: 'NOTE', value: '  Q4 numbers ' })
    actor.send({ type: 'SUBMIT' })
    expect(sent).toEqual([{ kind: 'update', body: { todo_id: 'td-1', note: 'Q4 numbers' } }])
  })

  it('a cleared due time is sent as null; assignees as the whole new set', () => {
    const { actor, sent } = start(input)
    actor.send({ type: 'DUE', value: '' })
    actor.send({ type: 'ASSIGNEE', id: ANN._id, checked: false })
    actor.send({ type: 'SUBMIT' })
    expect(sent).toEqual([{ kind: 'update', body: { todo_id: 'td-1', assignee_ids: ['u-bao'], due_at: null } }])
  })

  it('a field changed and changed back, or spaces around the title, is no change: Save just closes', () => {
    const { actor, sent } = start(input)
    actor.send({ type: 'TITLE', value: 'Other' })
    actor.send({ type: 'TITLE', value: ' Write report ' })
    actor.send({ type: 'ASSIGNEE', id: ANN._id, checked: false })
    actor.send({ type: 'ASSIGNEE', id: ANN._id, checked: true })
    actor.send({ type: 'SUBMIT' })
    expect(sent).toEqual([])
    expect(actor.getSnapshot().value).toBe('closed')
  })

  it('a personal to-do never sends assignees', () => {
    const personal = { ...EDITED, topic_id: null, topic_name: null, assignees: [ANN] }
    const { actor, sent } = start({ clientId: 'c-1', topicId: null, members: [], todo: personal })
    expect(connect(actor.getSnapshot(), actor.send).assignees).toEqual([])
    actor.send({ type: 'TITLE', value: 'Mine' })
    actor.send({ type: 'SUBMIT' })
    expect(sent).toEqual([{ kind: 'update', body: { todo_id: 'td-1', title: 'Mine' } }])
  })
})

describe('a bad form', () => {
  it('is not sent; its field messages show from then on, and typing keeps them checked', () => {
    const { actor, sent } = start({ clientId: 'c-1', topicId: null, members: [], todo: null })
    expect(connect(actor.getSnapshot(), actor.send).titleError).toBeNull()
    actor.send({ type: 'SUBMIT' })
    expect(sent).toEqual([])
    expect(connect(actor.getSnapshot(), actor.send).titleError?.message).toBe('Write a title')
    actor.send({ type: 'TITLE', value: 'x'.repeat(201) })
    expect(connect(actor.getSnapshot(), actor.send).titleError?.message).toBe('The title can be at most {titleMax} characters')
    actor.send({ type: 'TITLE', value: 'Call Bao' })
    expect(connect(actor.getSnapshot(), actor.send).titleError).toBeNull()
    actor.send({ type: 'SUBMIT' })
    expect(sent).toEqual([
      { kind: 'create', body: { client_id: 'c-1', title: 'Call Bao', note: '', topic_id: null, assignee_ids: [], due_at: null } },
    ])
  })
})
