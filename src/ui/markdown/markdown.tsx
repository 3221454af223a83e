import { createContext, type MouseEvent, type ReactNode, useContext, useLayoutEffect, useMemo, useRef } from 'react'
import { useRouter } from '@tanstack/react-router'
import { INTERNAL_LINK } from '../rich-text'
import { type MentionedPerson, renderMarkdown, type VisibleChat } from './render'

interface Lookup {
  /** The chat's members: a message's `mentions` name some of them. */
  members: readonly MentionedPerson[]
  /** The reader's chats, for #chat links. */
  chats: readonly VisibleChat[]
}

const MarkdownLookup = createContext<Lookup>({ members: [], chats: [] })

/** Who a chat's messages can mention and which chats they can link (the open chat provides them). */
export function MarkdownLinksProvider({ members, chats, children }: Lookup & { children: ReactNode }) {
  const value = useMemo(() => ({ members, chats }), [members, chats])
  return <MarkdownLookup.Provider value={value}>{children}</MarkdownLookup.Provider>
}

const FENCED = /<pre><code class="language-/
/** Markdown's blocks inside a bubble: lists with their markers, quotes with a rule, code in a monospace box. */
const BLOCKS =
  'break-words [&_p]:m-0 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_blockquote]:border-l-2 [&_blockquote]:border-current [&_blockquote]:pl-2 [&_code]:rounded [&_code]:bg-black/10 [&_code]:px-1 [&_code]:font-mono [&_pre]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-50 [&_pre]:p-2 [&_pre]:text-slate-900 [&_pre_code]:block [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_a]:underline'

/**
 * A text message's markdown, sanitised (see render.ts). Its mentions link to the people's
 * profiles and its #chats to the chats, in place; a fenced block of a known language is
 * highlighted once highlight.js (a chunk of its own) has loaded.
 */
export function Markdown({ text, mentions = [], className }: { text: string; mentions?: readonly string[]; className?: string }) {
  const { members, chats } = useContext(MarkdownLookup)
  const router = useRouter({ warn: false })
  const root = useRef<HTMLDivElement>(null)
  const html = useMemo(() => {
    const people = mentions.length ? members.filter((m) => mentions.includes(m._id)) : []
    return renderMarkdown(text, { people, chats })
  }, [text, mentions, members, chats])
  useLayoutEffect(() => {
    if (!FENCED.test(html)) return
    let live = true
    void import('./highlight').then(({ highlightIn }) => {
      if (live && root.current) highlightIn(root.current)
    })
    return () => {
      live = false
    }
  }, [html])
  // A mention or a #chat opens inside the app, without reloading it.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a')
    const href = link?.getAttribute('href') ?? ''
    if (!router || !INTERNAL_LINK.test(href) || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    router.history.push(href)
  }
  return (
    // The click is the links' own (each a real link, reached by Tab and Enter); the div only routes them.
    <div
      ref={root}
      data-markdown=""
      onClick={onClick}
      className={`${BLOCKS} ${className ?? ''}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
