import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLingui } from '@lingui/react/macro'
import type { Language } from '../../contract/common'
import { LANGUAGE_NAMES, LANGUAGES, resolveLanguage } from '../services/i18n'

export interface LanguageSelectorProps {
  className?: string
  /** Where the list opens relative to the button. */
  align?: 'left' | 'right'
  /** Another language was chosen (the route passes the session's chooseLanguage). */
  onChoose: (language: Language) => void
}

/**
 * The language selector: a button showing the current language's code ("EN"), named "Language EN"
 * (its accessible name contains the text it shows), opening a listbox of the languages (named in
 * their own language). Choosing another one calls `onChoose`.
 * A small hand-made listbox (not Headless UI) so it can sit in the entry-sized auth and marketing
 * layouts without weight.
 */
export function LanguageSelector({ className = '', align = 'right', onChoose }: LanguageSelectorProps) {
  const { t, i18n } = useLingui()
  const current = resolveLanguage(i18n.locale)
  /** What the button shows; its accessible name contains it. */
  const code = current.toUpperCase()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(LANGUAGES.indexOf(current))
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const id = useId()

  useEffect(() => {
    if (!open) return
    listRef.current?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const openList = () => {
    setActive(LANGUAGES.indexOf(current))
    setOpen(true)
  }

  const choose = (language: Language) => {
    setOpen(false)
    buttonRef.current?.focus()
    if (language !== current) onChoose(language)
  }

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openList()
    }
  }

  const onListKey = (event: KeyboardEvent) => {
    const last = LANGUAGES.length - 1
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((i) => Math.min(last, i + 1)),
      ArrowUp: () => setActive((i) => Math.max(0, i - 1)),
      Home: () => setActive(0),
      End: () => setActive(last),
      Enter: () => choose(LANGUAGES[active]),
      ' ': () => choose(LANGUAGES[active]),
      Escape: () => {
        setOpen(false)
        buttonRef.current?.focus()
      },
      Tab: () => setOpen(false),
    }
    const move = moves[event.key]
    if (!move) return
    if (event.key !== 'Tab') event.preventDefault()
    move()
  }

  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={`${t`Language`} ${code}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onButtonKey}
        className="inline-flex h-9 items-center gap-1.5 rounded-md border border-slate-200 bg-white px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4 text-slate-500" aria-hidden="true">
          <circle cx="10" cy="10" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path
            d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </svg>
        <span>{code}</span>
      </button>
      {open ? (
        <ul
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          aria-label={t`Language`}
          tabIndex={-1}
          aria-activedescendant={`${id}-${LANGUAGES[active]}`}
          onKeyDown={onListKey}
          className={`absolute z-50 mt-1 min-w-40 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg focus:outline-none ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {LANGUAGES.map((language, index) => (
            <li
              key={language}
              id={`${id}-${language}`}
              role="option"
              lang={language}
              aria-selected={language === current}
              onClick={() => choose(language)}
              onPointerMove={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 ${index === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700'}`}
            >
              {LANGUAGE_NAMES[language]}
              {language === current ? (
                <svg viewBox="0 0 20 20" className="h-4 w-4 text-indigo-600" aria-hidden="true">
                  <path d="M5 10l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
