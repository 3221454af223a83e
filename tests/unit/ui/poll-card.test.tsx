// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { PollProps } from '../../../src/machines/poll'
import { PollCard } from '../../../src/ui/poll/poll-card'

const props = (over: Partial<PollProps> = {}): PollProps => ({
  status: 'open',
  question: 'Lunch?',
  options: [
    { id: 'a', text: 'Pizza', votes: 2, percent: 67, chosen: true, voters: ['Ana', 'Binh'], onVote: vi.fn() },
    { id: 'b', text: 'Pho', votes: 1, percent: 33, chosen: false, voters: ['Chi'], onVote: vi.fn() },
  ],
  voterCount: 3,
  multiple: false,
  anonymous: false,
  closesAt: null,
  canVote: true,
  busy: null,
  takesOptions: false,
  newOption: '',
  newOptionError: null,
  canAddOption: false,
  canLock: false,
  error: null,
  onVote: vi.fn(),
  onNewOption: vi.fn(),
  onAddOption: vi.fn(),
  onLock: vi.fn(),
  onRetry: vi.fn(),
  ...over,
})
const show = (p: PollProps) =>
  render(
    <I18nProvider i18n={i18n}>
      <PollCard {...p} />
    </I18nProvider>,
  )

describe('PollCard', () => {
  it('names each option’s button, marks the chosen one, and shows counts and who voted', () => {
    show(props())
    const card = screen.getByRole('region', { name: 'Poll: Lunch?' })
    const pizza = within(card).getByRole('button', { name: 'Vote for Pizza' })
    expect(pizza.getAttribute('aria-pressed')).toBe('true')
    expect(within(card).getByRole('button', { name: 'Vote for Pho' }).getAttribute('aria-pressed')).toBe('false')
    expect(within(pizza).getByTestId('option-votes').textContent).toBe('2')
    expect(within(card).getByText('Voted: Ana, Binh')).toBeTruthy()
    expect(within(card).getByTestId('poll-voters').textContent).toBe('3 votes')
    expect(within(card).queryByRole('button', { name: 'Lock poll' })).toBeNull()
  })

  it('locked: options disabled, the tag and the notice, no Lock poll', () => {
    show(props({ status: 'locked', canVote: false, anonymous: true, options: props().options.map((o) => ({ ...o, voters: null })) }))
    const card = screen.getByRole('region', { name: 'Poll: Lunch?' })
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Vote for Pizza' }).disabled).toBe(true)
    expect(within(card).getByText('Locked')).toBeTruthy()
    expect(within(card).getByText('Anonymous')).toBeTruthy()
    expect(within(card).getByRole('status').textContent).toBe('This poll is locked: it takes no more votes.')
    expect(within(card).queryByText(/^Voted:/)).toBeNull()
  })

  it('offers Lock poll and a new option where allowed', () => {
    show(props({ canLock: true, takesOptions: true, multiple: true, closesAt: new Date(2026, 10, 28, 18, 0).toISOString() }))
    expect(screen.getByRole('button', { name: 'Lock poll' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'New option' })).toBeTruthy()
    expect(screen.getByText('Multiple choice')).toBeTruthy()
    expect(screen.getByText(/^Closes 18:00 28\/11/)).toBeTruthy()
  })
})
