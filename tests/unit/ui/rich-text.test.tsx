// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { Message } from '../../../contract/message'
import { ChannelPublicPage } from '../../../src/ui/channel/channel-public-page'
import { MessageRow } from '../../../src/ui/conversation/message-row'
import { textMessage } from '../../model/support/messages'
import { channelInfo } from '../../support/channel-info'

/**
 * Issue 14, finding 11: rich text is sanitised again as it renders. A stored payload that the
 * server's sanitiser let through (an old row, a future bypass) must render inert.
 */

declare global {
  interface Window {
    pwned?: number
  }
}

const STORED = [
  '<p>Hello <strong>team</strong><img src="x" onerror="window.pwned = 1"><script>window.pwned = 2</script></p>',
  '<a href="javascript:window.pwned=3">bad link</a>',
  '<a href=" JaVaScRiPt:window.pwned=4">spaced link</a>',
  '<a href="jav&#x09;ascript:window.pwned=5">tab link</a>',
  '<a href="data:text/html,<script>window.pwned=6</script>">data link</a>',
  '<a href="https://example.com/docs" target="_self" onclick="window.pwned=7">docs</a>',
  '<p style="position:fixed;inset:0" onmouseover="window.pwned=8">covered</p>',
  '<iframe src="https://evil.example/"></iframe><svg><script>window.pwned=9</script></svg>',
  '<form action="https://evil.example/"><input name="password"></form>',
].join('')

const message = (over: Partial<Message> = {}): Message => ({
  ...textMessage({
    _id: 'm-1',
    topic_id: 't-1',
    seq: 1,
    message: STORED,
    sender: { _id: 'u-1', name: 'Mallory', workid: 'mallory', photo_url: null },
    created_at: '2026-03-01T09:00:00.000Z',
  }),
  client_id: 'c-1',
  type: 'html',
  ...over,
})

const noop = () => {}
const actions = { onReply: noop, onEdit: noop, onDelete: noop, onPin: noop, onForward: noop }

/** What must hold for any rendering of STORED. */
function expectInert(root: HTMLElement) {
  // Nothing that runs, loads, frames or posts.
  for (const tag of ['script', 'img', 'iframe', 'form', 'input', 'style']) expect(root.querySelector(tag), tag).toBeNull()
  // The app's own icons are inside its buttons (the message's "more" button); no other svg.
  expect(
    [...root.querySelectorAll('svg')].filter((svg) => !svg.closest('button[aria-label]')),
    'svg',
  ).toEqual([])
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name, `${element.tagName} ${attribute.name}`).not.toMatch(/^on|^style$|^action$|^src$/i)
    }
  }
  // Every link left is http(s) (or has no href at all).
  for (const a of root.querySelectorAll('a')) {
    const href = a.getAttribute('href')
    if (href !== null) expect(href, a.textContent ?? '').toMatch(/^https?:\/\//)
  }
  expect(window.pwned).toBeUndefined()

  // The formatting and the safe link survive, opening in a new tab without the opener.
  expect(root.querySelector('strong')?.textContent).toBe('team')
  const docs = [...root.querySelectorAll('a')].find((a) => a.textContent === 'docs')
  expect(docs?.getAttribute('href')).toBe('https://example.com/docs')
  expect(docs?.getAttribute('target')).toBe('_blank')
  expect(docs?.getAttribute('rel')).toBe('noopener noreferrer nofollow')
  expect(root.textContent).toContain('covered')
}

describe('rich text rendered again through the allow-list', () => {
  it('a stored message with <img onerror>, <script> and javascript: links renders inert in the chat', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <MessageRow message={message()} mine={false} may={{ pin: false, delete: () => false }} actions={actions} onOpenSheet={() => {}} />
      </I18nProvider>,
    )
    expectInert(container)
  })

  it('a stored channel description with the same payload renders inert on the public channel page', () => {
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <ChannelPublicPage status="shown" channel={channelInfo({ description: STORED })} action={null} onRetry={noop} />
      </I18nProvider>,
    )
    expectInert(container)
  })

  it('what the server stores as safe renders unchanged (lists, quotes, code, mailto)', () => {
    const safe =
      '<h2>Plan</h2><ul><li><em>one</em></li><li><u>two</u></li></ul><blockquote>quote</blockquote><pre><code>x &lt; 1</code></pre><p><a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a></p>'
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <MessageRow
          message={message({ message: safe })}
          mine={false}
          may={{ pin: false, delete: () => false }}
          actions={actions}
          onOpenSheet={() => {}}
        />
      </I18nProvider>,
    )
    expect(container.querySelector('.prose-sm')?.innerHTML).toBe(safe)
  })
})
