// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { markdownToPlain } from '../../../contract/markdown-text'
import { renderMarkdown } from '../../../src/ui/markdown/render'

const NEW_TAB = 'target="_blank" rel="noopener noreferrer nofollow"'
const ann = { _id: 'u-ann', name: 'Ann Lee', workid: 'ann42' }
const an = { _id: 'u-an', name: 'Ann', workid: 'an7' }
const general = { _id: 'c-general', name: 'general' }

describe('renderMarkdown: each construct', () => {
  it.each([
    ['**bold**', '<p><strong>bold</strong></p>\n'],
    ['_italics_ and *italics*', '<p><em>italics</em> and <em>italics</em></p>\n'],
    ['~~gone~~', '<p><s>gone</s></p>\n'],
    ['use `npm test`', '<p>use <code>npm test</code></p>\n'],
    ['- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n'],
    ['1. first\n2. second', '<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n'],
    ['> said so', '<blockquote>\n<p>said so</p>\n</blockquote>\n'],
    ['```js\nif (a < b) go()\n```', '<pre><code class="language-js">if (a &lt; b) go()\n</code></pre>\n'],
    ['```\nplain\n```', '<pre><code>plain\n</code></pre>\n'],
    ['line one\nline two', '<p>line one<br>\nline two</p>\n'],
    ['see https://example.com/a?b=1.', `<p>see <a href="https://example.com/a?b=1" ${NEW_TAB}>https://example.com/a?b=1</a>.</p>\n`],
    ['[the docs](https://example.com/docs)', `<p><a href="https://example.com/docs" ${NEW_TAB}>the docs</a></p>\n`],
    // Like today's linkify: a bare domain is not a link; a heading is a chat's words, not a heading.
    ['example.com', '<p>example.com</p>\n'],
    ['# not a heading', '<p># not a heading</p>\n'],
  ])('%s', (source, html) => {
    expect(renderMarkdown(source)).toBe(html)
  })
})

describe('renderMarkdown: script payloads stay inert text', () => {
  it.each([
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n'],
    ['<img src=x onerror=alert(1)>', '<p>&lt;img src=x onerror=alert(1)&gt;</p>\n'],
    ['[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>\n'],
    ['[x](JaVaScRiPt:alert(1))', '<p>[x](JaVaScRiPt:alert(1))</p>\n'],
    ['[x](data:text/html;base64,PHNjcmlwdD4=)', '<p>[x](data:text/html;base64,PHNjcmlwdD4=)</p>\n'],
    // Its URL is linked as typed (like any URL in a message); the tag and its handler are text.
    [
      '<a href="https://x.y" onclick="alert(1)">x</a>',
      `<p>&lt;a href="<a href="https://x.y" ${NEW_TAB}>https://x.y</a>" onclick="alert(1)"&gt;x&lt;/a&gt;</p>\n`,
    ],
    ['```"><img src=x onerror=alert(1)>\nx\n```', '<pre><code>x\n</code></pre>\n'],
  ])('%s', (source, html) => {
    expect(renderMarkdown(source)).toBe(html)
  })

  it('leaves no element with a handler or a script in the page', () => {
    const box = document.createElement('div')
    box.innerHTML = renderMarkdown('<img src=x onerror=alert(1)> [x](javascript:alert(1)) <svg onload=alert(1)> **ok**')
    expect(box.querySelectorAll('img, script, svg').length).toBe(0)
    for (const el of box.querySelectorAll('*')) expect([...el.attributes].map((a) => a.name).filter((n) => n.startsWith('on'))).toEqual([])
    expect(box.textContent?.trim()).toBe('<img src=x onerror=alert(1)> [x](javascript:alert(1)) <svg onload=alert(1)> ok')
  })
})

describe('renderMarkdown: mentions and #chats', () => {
  it('links a mentioned person to their profile, the longest name first', () => {
    expect(renderMarkdown('hi @Ann Lee and @Ann', { people: [an, ann] })).toBe(
      '<p>hi <a href="/people/ann42">@Ann Lee</a> and <a href="/people/an7">@Ann</a></p>\n',
    )
  })

  it('leaves someone not mentioned, a name inside a word and code as text', () => {
    expect(renderMarkdown('@Bob, mail@Ann Lee, `@Ann Lee`', { people: [ann] })).toBe('<p>@Bob, mail@Ann Lee, <code>@Ann Lee</code></p>\n')
  })

  it('links #name of a chat the reader has, in place; other #words stay text', () => {
    expect(renderMarkdown('see #general and #random', { chats: [general] })).toBe(
      '<p>see <a href="/chat/c-general">#general</a> and #random</p>\n',
    )
  })

  it('keeps an inserted [#name](/chat/id) link inside the app, and a mention inside emphasis', () => {
    expect(renderMarkdown('[#design](/chat/abc123) **@Ann Lee**', { people: [ann] })).toBe(
      '<p><a href="/chat/abc123">#design</a> <strong><a href="/people/ann42">@Ann Lee</a></strong></p>\n',
    )
  })

  it('does not link inside a link', () => {
    expect(renderMarkdown('[ask @Ann Lee](https://example.com)', { people: [ann] })).toBe(
      `<p><a href="https://example.com" ${NEW_TAB}>ask @Ann Lee</a></p>\n`,
    )
  })
})

describe('markdownToPlain (previews, notifications)', () => {
  it.each([
    ['**bold** and _it_ and ~~gone~~', 'bold and it and gone'],
    ['- one\n- two\n1. a\n2. b', 'one two a b'],
    ['> quoted\ntext', 'quoted text'],
    ['```js\nconst a = 1\n```', 'const a = 1'],
    ['see [docs](https://x.y) `code`', 'see docs code'],
    ['2 * 3 * 4', '2 * 3 * 4'],
    ['snake_case_name', 'snake_case_name'],
  ])('%s', (source, text) => {
    expect(markdownToPlain(source)).toBe(text)
  })
})
