// @vitest-environment jsdom
import { createElement as h } from 'react'
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { DOCUMENT_GROUPS, DocumentsGuide } from '../../../src/ui/documents/documents-guide'

const renderGuide = () => render(h(I18nProvider, { i18n }, h(DocumentsGuide)))

describe('documents guide', () => {
  it('holds the nine step guides of the spec in three groups', () => {
    expect(DOCUMENT_GROUPS.map((g) => g.id)).toEqual(['group', 'channel', 'calendar'])
    expect(DOCUMENT_GROUPS.flatMap((g) => g.guides.map((x) => x.id))).toEqual([
      'create-group',
      'move-group',
      'whiteboard',
      'create-channel',
      'chatbot',
      'crm',
      'create-reminder',
      'create-slot',
      'booking',
    ])
    for (const guide of DOCUMENT_GROUPS.flatMap((g) => g.guides)) expect(guide.steps.length).toBeGreaterThanOrEqual(3)
  })

  it('is a tab list with arrow-key navigation and disclosure guides', () => {
    renderGuide()
    const tablist = screen.getByRole('tablist', { name: 'Guides' })
    const tabs = within(tablist).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent?.replace(/\d+$/, ''))).toEqual(['Group', 'Channel', 'Calendar'])
    expect(tabs[0].getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tabs[0].id)

    const first = screen.getByRole('button', { name: /Create a group/ })
    expect(first.getAttribute('aria-expanded')).toBe('true')
    expect(within(screen.getByRole('region', { name: /Create a group/ })).getAllByRole('listitem')).toHaveLength(4)
    const move = screen.getByRole('button', { name: /Move a group to a channel/ })
    fireEvent.click(move)
    expect(move.getAttribute('aria-expanded')).toBe('true')
    expect(first.getAttribute('aria-expanded')).toBe('false')

    tabs[0].focus()
    fireEvent.keyDown(tabs[0], { key: 'ArrowDown' })
    expect(tabs[1].getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tabs[1])
    expect(screen.getByRole('button', { name: /Build a chatbot/ })).toBeTruthy()
    fireEvent.keyDown(tabs[1], { key: 'End' })
    expect(tabs[2].getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('button', { name: /Create a reminder/ }).getAttribute('aria-expanded')).toBe('true')
    fireEvent.keyDown(tabs[2], { key: 'ArrowRight' })
    expect(tabs[0].getAttribute('aria-selected')).toBe('true')
  })
})
