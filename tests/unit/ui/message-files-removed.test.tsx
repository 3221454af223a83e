// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { Message } from '../../../contract/message'
import { MessageRow } from '../../../src/ui/conversation/message-row'
import { textMessage } from '../../model/support/messages'

/** A message whose files were moved to the trash or deleted says so under its caption. */

const noop = () => {}
const actions = { onReply: noop, onEdit: noop, onDelete: noop, onPin: noop, onForward: noop }

const message = (over: Partial<Message>): Message =>
  textMessage({
    _id: 'm-1',
    topic_id: 't-1',
    seq: 1,
    message: 'The plans',
    sender: { _id: 'u-1', name: 'Lan', workid: 'lan', photo_url: null },
    created_at: '2026-03-01T09:00:00.000Z',
    ...over,
  })

const row = (m: Message) =>
  render(
    <I18nProvider i18n={i18n}>
      <MessageRow message={m} mine={false} may={{ pin: false, delete: () => false }} actions={actions} onOpenSheet={noop} />
    </I18nProvider>,
  )

describe('a message whose files were removed', () => {
  it('one removed file: its caption, then "File removed"', () => {
    row(message({ files_removed: 1 }))
    expect(screen.getByText('The plans')).toBeTruthy()
    expect(screen.getByText('File removed')).toBeTruthy()
  })

  it('three removed files: "3 files removed"', () => {
    row(message({ files_removed: 3 }))
    expect(screen.getByText('3 files removed')).toBeTruthy()
  })

  it('none removed: no such line', () => {
    const { container } = row(message({ files_removed: 0 }))
    expect(container.textContent).not.toMatch(/removed/)
  })
})
