import { useEffect, useRef, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { SearchOptionView, SearchProps } from '../../machines/search'
import { Avatar } from '../avatar'
import { Icon } from '../icons'

/**
 * A search box with its dropdown (combobox + listbox): `inline` a search whose input always shows
 * (from 640px), `popover` the header's search (a button opens a panel with the input; it finds
 * people, groups, channels and messages), `field` a page's own search at every width, focused as
 * it appears (Find people on /contact).
 */
export function SearchBox(props: SearchProps & { variant: 'inline' | 'popover' | 'field' }) {
  const { t } = useLingui()
  const { variant, open } = props
  const label = props.scope === 'people' ? t`Search people` : t`Search people, groups and channels`
  const buttonRef = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(open)
  useEffect(() => {
    // The popover closed with Escape: focus goes back to its button.
    if (variant === 'popover' && wasOpen.current && !open && document.activeElement === document.body) buttonRef.current?.focus()
    wasOpen.current = open
  }, [open, variant])

  const input = (
    <div className="relative flex min-w-0 items-center">
      <Icon name="search" className="pointer-events-none absolute left-2.5 h-4 w-4 text-slate-400" />
      <input
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={open && props.status !== 'idle'}
        aria-controls={props.listboxId}
        aria-autocomplete="list"
        aria-activedescendant={props.activeId}
        autoComplete="off"
        autoFocus={variant !== 'inline'}
        placeholder={props.scope === 'people' ? t`Search people` : t`Search`}
        value={props.keyword}
        onChange={(e) => props.onType(e.target.value)}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        onKeyDown={(e) => {
          if (props.onKey(e.key)) e.preventDefault()
        }}
        className="h-9 w-full min-w-0 rounded-md border border-slate-300 bg-white pr-2 pl-8 text-sm text-slate-900 placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-indigo-600"
      />
    </div>
  )

  if (variant !== 'popover')
    return (
      // Below 640px the header has no room for it: the global search (the button) finds people too.
      <div
        className={
          variant === 'field' ? 'relative mx-auto w-full max-w-sm text-left' : 'relative hidden min-w-0 flex-1 sm:block sm:max-w-72'
        }
      >
        {input}
        {open && props.status !== 'idle' ? (
          <Dropdown {...props} className="absolute top-full left-0 z-30 mt-1 w-[min(24rem,calc(100vw-1.5rem))]" />
        ) : null}
      </div>
    )

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={t`Search everything`}
        aria-expanded={open}
        onClick={props.onFocus}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center gap-2 rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:w-56 sm:justify-start sm:border sm:border-slate-300 sm:px-2.5 sm:text-sm sm:text-slate-500"
      >
        <Icon name="search" className="h-5 w-5 shrink-0 sm:h-4 sm:w-4" />
        {/* From 640px it looks like a search field: the header's one search (people, groups, channels, messages). */}
        <span className="hidden sm:inline">
          <Trans>Search</Trans>
        </span>
      </button>
      {open ? (
        <div className="fixed inset-x-2 top-14 z-30 rounded-lg border border-slate-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:left-0 sm:mt-1 sm:w-96">
          {input}
          {props.status === 'idle' ? (
            <p className="px-2 pt-2 text-sm text-slate-500">
              <Trans>Type to search people, groups and channels.</Trans>
            </p>
          ) : (
            <Dropdown {...props} className="mt-2" />
          )}
        </div>
      ) : null}
    </div>
  )
}

function Dropdown(props: SearchProps & { className: string }) {
  const { t } = useLingui()
  const { status } = props
  return (
    <div className={`${props.className} max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg`}>
      {status === 'waiting' ? (
        <p role="status" className="px-3 py-2 text-sm text-slate-500">
          <Trans>Searching…</Trans>
        </p>
      ) : null}
      {status === 'failed' ? (
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <p role="alert" className="text-sm text-red-700">
            <Trans>The search failed.</Trans>
          </p>
          <button
            type="button"
            onMouseDown={(e) => e.preventDefault()}
            onClick={props.onRetry}
            className="rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : null}
      {status === 'ready' && props.empty ? (
        <p role="status" className="px-3 py-2 text-sm text-slate-500">
          <Trans>No results for “{props.keyword.trim()}”</Trans>
        </p>
      ) : null}
      <ul
        id={props.listboxId}
        role="listbox"
        aria-label={props.scope === 'people' ? t`People` : t`Search results`}
        className={status === 'ready' ? '' : 'hidden'}
      >
        <Section label={t`People`} options={props.people} />
        {props.scope === 'all' ? <Section label={t`Groups`} options={props.topics} /> : null}
        {props.scope === 'all' ? <Section label={t`Channels`} options={props.channels} /> : null}
        {props.messages ? (
          <Option view={props.messages}>
            <Icon name="search" className="h-4 w-4 text-slate-500" />
            <span className="truncate">
              <Trans>Search messages for “{props.messages.option.kind === 'messages' ? props.messages.option.keyword : ''}”</Trans>
            </span>
          </Option>
        ) : null}
      </ul>
      {props.hasMore ? (
        <button
          type="button"
          onMouseDown={(e) => e.preventDefault()}
          onClick={props.onLoadMore}
          disabled={props.loadingMore}
          aria-busy={props.loadingMore}
          className="w-full px-3 py-2 text-left text-sm font-medium text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
        >
          {props.loadingMore ? <Trans>Loading…</Trans> : <Trans>More results</Trans>}
        </button>
      ) : null}
    </div>
  )
}

function Section({ label, options }: { label: string; options: SearchOptionView[] }) {
  if (options.length === 0) return null
  return (
    <li role="presentation">
      <div aria-hidden="true" className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {label}
      </div>
      <ul role="group" aria-label={label}>
        {options.map((view) => (
          <Option key={view.id} view={view}>
            <OptionBody view={view} />
          </Option>
        ))}
      </ul>
    </li>
  )
}

function Option({ view, children }: { view: SearchOptionView; children: ReactNode }) {
  return (
    <li
      id={view.id}
      role="option"
      aria-selected={view.active}
      // The input keeps focus (no blur): the click opens the option.
      onMouseDown={(e) => e.preventDefault()}
      onClick={view.onChoose}
      className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800 ${view.active ? 'bg-indigo-50' : 'hover:bg-slate-50'}`}
    >
      {children}
    </li>
  )
}

function OptionBody({ view }: { view: SearchOptionView }) {
  const { option } = view
  if (option.kind === 'customer')
    return (
      <>
        <Avatar photoUrl={option.item.photo_url} initials={view.initials} size={40} />
        <span className="min-w-0">
          <span className="block truncate font-medium">{option.item.name}</span>
          <span className="block truncate text-xs text-slate-500">{option.item.workid}</span>
        </span>
      </>
    )
  if (option.kind === 'topic' || option.kind === 'channel')
    return (
      <>
        <Icon name={option.kind === 'topic' ? 'chat' : 'contacts'} className="h-4 w-4 shrink-0 text-slate-500" />
        <span className="truncate">{option.item.name}</span>
      </>
    )
  return null
}
