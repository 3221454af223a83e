import MarkdownIt from 'markdown-it'
import type Token from 'markdown-it/lib/token.mjs'
import { sanitizeMarkdownHtml } from '../rich-text'

/** A person a message mentions: `@name` in its text links to their profile. */
export interface MentionedPerson {
  _id: string
  name: string
  workid: string
}

/** A chat the reader can see: `#name` in a message links to it. */
export interface VisibleChat {
  _id: string
  name: string
}

export interface MarkdownLinks {
  /** The people the message mentions (its `mentions`, with their names). */
  people?: readonly MentionedPerson[]
  /** The reader's chats. */
  chats?: readonly VisibleChat[]
}

/**
 * Messages are markdown, as in Slack and Mattermost: html off (a tag is text), links only with a
 * scheme (today's linkify: http(s) URLs in the text), a line break is a break, and only what a
 * chat message needs: emphasis, strikethrough, lists, quotes, code and fenced code. Headings,
 * tables, images and rules stay text.
 */
const md = new MarkdownIt('default', { html: false, linkify: true, breaks: true, typographer: false })
md.disable(['heading', 'lheading', 'table', 'image', 'hr', 'reference', 'html_block', 'html_inline', 'entity'])
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** Not in the middle of a word: a letter, digit or underscore on neither side. */
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}_])'
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}_])'

interface Target {
  marker: '@' | '#'
  name: string
  href: string
}

/** `@name` and `#name` of the given targets (the longest name first, so "Ann Lee" wins over "Ann"). */
function patternOf(targets: Target[]): RegExp | null {
  if (!targets.length) return null
  const names = [...targets].sort((a, b) => b.name.length - a.name.length).map((t) => escapeRegExp(t.marker + t.name))
  return new RegExp(`${NOT_WORD_BEFORE}(?:${names.join('|')})${NOT_WORD_AFTER}`, 'gu')
}

interface LinkEnv {
  pattern: RegExp | null
  targets: Map<string, Target>
}

/** Splits a text at each `@name`/`#name` into text and link tokens (null: none in it). */
function linkTargets(TokenOf: typeof Token, text: string, { pattern, targets }: LinkEnv): Token[] | null {
  if (!pattern) return null
  const out: Token[] = []
  let last = 0
  const push = (content: string) => {
    const token = new TokenOf('text', '', 0)
    token.content = content
    out.push(token)
  }
  for (const match of text.matchAll(pattern)) {
    const target = targets.get(match[0])!
    if (match.index > last) push(text.slice(last, match.index))
    const open = new TokenOf('link_open', 'a', 1)
    open.attrs = [['href', target.href]]
    out.push(open)
    push(match[0])
    out.push(new TokenOf('link_close', 'a', -1))
    last = match.index + match[0].length
  }
  if (!out.length) return null
  if (last < text.length) push(text.slice(last))
  return out
}

// After linkify: a text outside links (and outside code, which is not a text token) gets its @mentions and #chats.
md.core.ruler.after('linkify', 'mentions_and_chats', (state) => {
  const env = state.env as LinkEnv
  if (!env.pattern) return
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue
    let inLink = 0
    block.children = block.children.flatMap((child) => {
      if (child.type === 'link_open') inLink++
      if (child.type === 'link_close') inLink--
      return (child.type === 'text' && inLink === 0 && linkTargets(state.Token, child.content, env)) || [child]
    })
  }
})

/** The markdown of a text message as sanitised HTML, its mentions and #chats as links inside the app. */
export function renderMarkdown(text: string, links: MarkdownLinks = {}): string {
  const targets = new Map<string, Target>()
  for (const p of links.people ?? [])
    targets.set(`@${p.name}`, { marker: '@', name: p.name, href: `/people/${encodeURIComponent(p.workid)}` })
  for (const c of links.chats ?? []) {
    const key = `#${c.name}`
    if (!targets.has(key)) targets.set(key, { marker: '#', name: c.name, href: `/chat/${encodeURIComponent(c._id)}` })
  }
  const env: LinkEnv = { pattern: patternOf([...targets.values()]), targets }
  return sanitizeMarkdownHtml(md.render(text, env))
}
