import { expect } from 'vitest'
import { fireEvent, within } from '@testing-library/react'
import type { Poll } from '../../contract/vote'
import { connect, pollFormMachine, type PollFlag, type PollFormSnapshot } from '../../src/machines/poll-form'
import { PollDialog } from '../../src/ui/poll/poll-dialog'
import { describeModel, type ModelKit } from './support/run-model'

type Kit = ModelKit<typeof pollFormMachine>

// The clock of the dialog: 09:00 on 28 November 2026, local time; the closing times are local too.
const NOW = new Date(2026, 10, 28, 9, 0).getTime()
const FUTURE = '2026-11-28T18:00'
const FUTURE_ISO = new Date(2026, 10, 28, 18, 0).toISOString()
const PAST = '2026-11-28T08:00'
const QUESTION = '  Lunch on Friday? '
const LONG_QUESTION = 'x'.repeat(301)
const FLAG_LABELS: Record<PollFlag, string> = {
  multiple: 'Multiple choice',
  anonymous: 'Anonymous (show counts only)',
  allowNewOptions: 'Members can add options',
}
const created = { _id: 'poll-1', question: 'Lunch on Friday?' } as Poll

const ctx = (s: PollFormSnapshot) => s.context
const dialog = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Create a poll' })
const inDialog = (kit: Kit) => within(dialog(kit))
const optionBox = (kit: Kit, index: number) => inDialog(kit).getByLabelText<HTMLInputElement>(`Option ${index + 1}`)
const editing = (s: PollFormSnapshot) => s.matches('editing')
const noFlags = (s: PollFormSnapshot) => !ctx(s).multiple && !ctx(s).anonymous && !ctx(s).allowNewOptions

describeModel({
  machine: pollFormMachine,
  input: { topicId: 't-1', clientId: 'client-1', now: () => NOW },
  // The form's values make the abstract graph wide: every state value and every transition, not every combination (tests/unit/machines/poll-form.test.ts checks the rules).
  select: 'coverage',
  serializeState: (s) => {
    const { question, options, multiple, anonymous, allowNewOptions, closesAt, checkedAt, error } = s.context
    return JSON.stringify({
      value: s.value,
      question,
      options,
      multiple,
      anonymous,
      allowNewOptions,
      closesAt,
      checked: checkedAt !== null,
      error,
    })
  },
  events: {
    // The question: none, a good one (trimmed when sent), one too long.
    QUESTION: (s) =>
      !editing(s)
        ? []
        : ctx(s).question === ''
          ? [
              { type: 'QUESTION', value: QUESTION },
              { type: 'QUESTION', value: LONG_QUESTION },
            ]
          : [{ type: 'QUESTION', value: '' }],
    // Row 1 between empty and Pizza; row 2 between empty, pho and a repeat of row 1 (case aside).
    OPTION: (s) => {
      if (!editing(s)) return []
      const [first, second] = ctx(s).options
      return [
        { type: 'OPTION', index: 0, value: first === '' ? 'Pizza' : '' },
        ...(second === ''
          ? [{ type: 'OPTION', index: 1, value: ' pho ' }, ...(first ? [{ type: 'OPTION', index: 1, value: 'PIZZA' }] : [])]
          : [{ type: 'OPTION', index: 1, value: '' }]),
      ]
    },
    // A third (blank) row, and taking it away again.
    ADD_ROW: (s) => (editing(s) && ctx(s).options.length === 2 ? [{ type: 'ADD_ROW' }] : []),
    REMOVE_ROW: (s) => (editing(s) && ctx(s).options.length === 3 ? [{ type: 'REMOVE_ROW', index: 2 }] : []),
    FLAG: (s) =>
      editing(s) && noFlags(s) && ctx(s).closesAt === ''
        ? (['multiple', 'anonymous', 'allowNewOptions'] as const).map((flag) => ({ type: 'FLAG', flag, value: true }))
        : [],
    CLOSES_AT: (s) =>
      !editing(s) || !noFlags(s)
        ? []
        : ctx(s).closesAt === ''
          ? [
              { type: 'CLOSES_AT', value: FUTURE },
              { type: 'CLOSES_AT', value: PAST },
            ]
          : [{ type: 'CLOSES_AT', value: '' }],
    'xstate.done.actor.createPoll': [{ type: 'xstate.done.actor.createPoll', output: created }],
    'xstate.error.actor.createPoll': [
      { type: 'xstate.error.actor.createPoll', error: { message: 'Only admins can create polls in this group.' } },
    ],
  },
  spyActions: ['pollCreated'],
  render: (snapshot, send) => <PollDialog {...connect(snapshot, send)} />,
  perform: {
    QUESTION: async (event, kit) => {
      const box = inDialog(kit).getByLabelText<HTMLInputElement>('Question')
      await kit.user.clear(box)
      if (event.value) await kit.user.paste(event.value as string)
    },
    OPTION: async (event, kit) => {
      const box = optionBox(kit, event.index as number)
      await kit.user.clear(box)
      if (event.value) {
        await kit.user.click(box)
        await kit.user.paste(event.value as string)
      }
    },
    ADD_ROW: async (_, kit) => kit.user.click(inDialog(kit).getByRole('button', { name: 'Add an option' })),
    REMOVE_ROW: async (event, kit) =>
      kit.user.click(inDialog(kit).getByRole('button', { name: `Remove option ${(event.index as number) + 1}` })),
    FLAG: async (event, kit) => kit.user.click(inDialog(kit).getByRole('checkbox', { name: FLAG_LABELS[event.flag as PollFlag] })),
    CLOSES_AT: async (event, kit) => {
      fireEvent.change(inDialog(kit).getByLabelText('Closing time (optional)'), { target: { value: event.value } })
    },
    SUBMIT: async (_, kit) => kit.user.click(inDialog(kit).getByRole('button', { name: 'Create' })),
    CLOSE: async (_, kit) => kit.user.click(inDialog(kit).getByRole('button', { name: 'Close' })),
  },
  states: {
    editing: (expected, kit) => {
      const c = ctx(expected)
      expect(inDialog(kit).getByLabelText<HTMLInputElement>('Question').value).toBe(c.question)
      expect(c.options.map((_, i) => optionBox(kit, i).value)).toEqual(c.options)
      expect(inDialog(kit).queryByLabelText('Option 4')).toBeNull()
      // Two rows stay; a third can be taken away.
      expect(inDialog(kit).queryAllByRole('button', { name: /^Remove option/ }).length).toBe(c.options.length > 2 ? c.options.length : 0)
      for (const flag of ['multiple', 'anonymous', 'allowNewOptions'] as const)
        expect(inDialog(kit).getByRole<HTMLInputElement>('checkbox', { name: FLAG_LABELS[flag] }).checked).toBe(c[flag])
      expect(inDialog(kit).getByLabelText<HTMLInputElement>('Closing time (optional)').value).toBe(c.closesAt)
      // The field messages show once Create was refused here; written out per case, not by the machine's checks.
      const text = dialog(kit).textContent ?? ''
      const shown = c.checkedAt !== null
      expect(text.includes('Write a question')).toBe(shown && c.question.trim() === '')
      expect(text.includes('The question can be at most 300 characters')).toBe(shown && c.question === LONG_QUESTION)
      expect(text.includes('Each option must be different')).toBe(shown && c.options[0] === 'Pizza' && c.options[1] === 'PIZZA')
      const given = c.options.filter((o) => o.trim() !== '').length
      expect(text.includes('Give at least 2 options')).toBe(shown && given < 2)
      expect(text.includes('The closing time must be in the future')).toBe(shown && c.closesAt === PAST)
      if (c.error) expect(inDialog(kit).getByRole('alert').textContent).toBe(c.error)
      else expect(inDialog(kit).queryByRole('alert')).toBeNull()
    },
    creating: (expected, kit) => {
      const c = ctx(expected)
      expect(kit.pending('createPoll').input).toEqual({
        client_id: 'client-1',
        topic_id: 't-1',
        question: 'Lunch on Friday?',
        // Only a good form is sent: Pizza and pho (trimmed), the blank third row left out.
        options: ['Pizza', 'pho'],
        multiple: c.multiple,
        anonymous: c.anonymous,
        allow_new_options: c.allowNewOptions,
        closes_at: c.closesAt === FUTURE ? FUTURE_ISO : null,
      })
      expect(inDialog(kit).getByRole('button', { name: 'Create' }).getAttribute('aria-busy')).toBe('true')
      expect(inDialog(kit).getByLabelText<HTMLInputElement>('Question').disabled).toBe(true)
    },
    created: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.pollCreated).toHaveBeenCalledTimes(1)
      expect(kit.actions.pollCreated.mock.calls[0][1]).toEqual({ poll: created })
    },
    closed: (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.actions.pollCreated).not.toHaveBeenCalled()
    },
  },
})
