import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react'
import { Icon } from '../icons'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ComposerProps, Format } from '../../machines/composer'
import { AttachButton, AttachmentList } from '../upload/attachments'

const EMOJI = ['😀', '😂', '😍', '👍', '🙏', '🎉', '❤️', '🔥', '😢', '😮', '👀', '✅']

/** What each formatting button shows (its accessible name is its label, in words). */
const FORMAT_GLYPHS: Record<Format, { glyph: ReactNode; className?: string }> = {
  bold: { glyph: 'B', className: 'font-bold' },
  italic: { glyph: 'I', className: 'italic font-serif' },
  strike: { glyph: 'S', className: 'line-through' },
  code: { glyph: '</>', className: 'font-mono text-xs' },
  codeBlock: { glyph: '{ }', className: 'font-mono text-xs' },
  quote: { glyph: '❝' },
  bulleted: { glyph: '•≡' },
  // An icon: a digit in the button would be visible text that its name ("Numbered list") leaves out.
  numbered: { glyph: <Icon name="list-numbered" className="h-4 w-4" /> },
  link: { glyph: '🔗' },
}
/** Ctrl/Cmd + key in the box. */
const SHORTCUTS: Record<string, Format> = { b: 'bold', i: 'italic' }

/**
 * Markdown for people who do not write it: each button wraps the box's selection (a compact row of
 * touch-sized buttons that fits 360 px; it scrolls sideways rather than wrap).
 */
export function FormattingToolbar({ onFormat, disabled }: { onFormat: (format: Format) => void; disabled: boolean }) {
  const { t } = useLingui()
  const labels: Record<Format, string> = {
    bold: t`Bold`,
    italic: t`Italic`,
    strike: t`Strikethrough`,
    code: t`Code`,
    codeBlock: t`Code block`,
    quote: t`Quote`,
    bulleted: t`Bulleted list`,
    numbered: t`Numbered list`,
    link: t`Link`,
  }
  const shortcut: Partial<Record<Format, string>> = { bold: 'Ctrl+B', italic: 'Ctrl+I' }
  return (
    <div role="toolbar" aria-label={t`Formatting`} className="mb-1 flex max-w-full gap-0.5 overflow-x-auto">
      {(Object.keys(FORMAT_GLYPHS) as Format[]).map((format) => (
        <button
          key={format}
          type="button"
          disabled={disabled}
          aria-label={labels[format]}
          aria-keyshortcuts={shortcut[format]?.replace('Ctrl', 'Control')}
          title={shortcut[format] ? `${labels[format]} (${shortcut[format]})` : labels[format]}
          // Keeps the box's focus and selection while the button is pressed.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onFormat(format)}
          className={`grid h-9 w-9 shrink-0 place-items-center rounded text-sm text-slate-700 hover:bg-slate-100 disabled:opacity-50 ${FORMAT_GLYPHS[format].className ?? ''}`}
        >
          <span aria-hidden="true">{FORMAT_GLYPHS[format].glyph}</span>
        </button>
      ))}
    </div>
  )
}

/** Text (Enter sends, Shift+Enter breaks the line), emoji, @mentions of topic members and attachments with progress. */
export function Composer(props: ComposerProps & { tools?: ReactNode; /** Beside Send (Schedule message). */ besideSend?: ReactNode }) {
  const { t } = useLingui()
  const { draft, caret, replyTo, editing, attachments, suggestions } = props
  const input = useRef<HTMLTextAreaElement>(null)
  // After a mention or an emoji was inserted, the caret goes after it.
  useLayoutEffect(() => {
    const box = input.current
    if (box && box.selectionStart !== caret && box.value === draft) box.setSelectionRange(caret, caret)
  }, [caret, draft])

  const format = (kind: Format) => {
    const box = input.current
    props.onFormat(kind, box?.selectionStart ?? caret, box?.selectionEnd ?? caret)
    box?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const shortcut = (event.ctrlKey || event.metaKey) && !event.altKey ? SHORTCUTS[event.key.toLowerCase()] : undefined
    if (shortcut) {
      event.preventDefault()
      format(shortcut)
      return
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      props.onEnter()
    }
    if (event.key === 'Escape') props.onCancel()
  }

  return (
    <div className="border-t border-slate-200 bg-white p-2 sm:p-3">
      {replyTo || editing ? (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-md bg-slate-100 px-3 py-1.5 text-xs text-slate-600">
          <span className="truncate">
            {editing ? (
              <Trans>Editing your message</Trans>
            ) : (
              <Trans>
                Replying to {replyTo?.sender?.name ?? ''}: {replyTo?.message ?? ''}
              </Trans>
            )}
          </span>
          <button type="button" onClick={props.onCancel} className="font-semibold text-slate-700 hover:underline">
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : null}
      <AttachmentList attachments={attachments} className="mb-2" />
      <FormattingToolbar onFormat={format} disabled={!props.canSend} />
      <div className="relative flex items-end gap-2">
        {suggestions.length ? (
          <ul
            role="listbox"
            aria-label={t`Mention someone`}
            className="absolute bottom-full left-10 mb-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
          >
            {suggestions.map((m) => (
              <li key={m._id} role="option" aria-selected={false}>
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => props.onPick(m)}
                  className="w-full px-3 py-1.5 text-left text-sm hover:bg-indigo-50"
                >
                  {m.name}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <AttachButton onFiles={props.onFiles} />
        {props.tools}
        <div className="relative">
          <button
            type="button"
            onClick={props.onToggleEmoji}
            aria-label={t`Emoji`}
            aria-expanded={props.emojiOpen}
            className="grid h-10 w-10 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <Icon name="smile" />
          </button>
          {props.emojiOpen ? (
            <div
              role="group"
              aria-label={t`Emoji`}
              className="absolute bottom-full left-0 mb-1 grid w-48 grid-cols-6 gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
            >
              {EMOJI.map((e) => (
                <button
                  key={e}
                  type="button"
                  aria-label={e}
                  onClick={() => props.onEmoji(e)}
                  className="rounded text-lg hover:bg-slate-100"
                >
                  {e}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <textarea
          ref={input}
          rows={1}
          value={draft}
          aria-label={t`Message`}
          placeholder={props.canSend ? t`Write a message…` : t`Only admins can send messages here`}
          title={props.canSend ? undefined : t`Only admins can send messages here`}
          disabled={!props.canSend}
          onChange={(e) => props.onDraft(e.target.value, e.target.selectionStart)}
          // A selection reported late (after a send emptied the box) is clamped to the text.
          onSelect={(e) => props.onCaret(Math.min(e.currentTarget.selectionStart, e.currentTarget.value.length))}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            const files = [...e.clipboardData.files]
            if (files.length) {
              e.preventDefault()
              props.onFiles(files)
            }
          }}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none"
        />
        {editing || replyTo ? null : props.besideSend}
        <button
          type="button"
          onClick={props.onSubmit}
          disabled={!props.canSend || props.uploading}
          className="h-10 shrink-0 rounded-full bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-50"
        >
          {editing ? <Trans>Save</Trans> : <Trans>Send</Trans>}
        </button>
      </div>
    </div>
  )
}
