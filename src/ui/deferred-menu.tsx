import { type ComponentType, type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'

/** How a menu was first asked for, so that it opens the same way once its code is there (Headless UI's own rules). */
export type MenuOpening = 'pointer' | 'first' | 'last'

export interface MenuOpeningProps {
  /** Open at once when mounted, as if its button had just been activated this way. */
  opening?: MenuOpening
}

/** What a menu's button shows: the same before and after its code has loaded. */
export interface MenuFace {
  label: string
  title?: string
  className: string
  content: ReactNode
}

/** The keys that open a Headless UI menu from its button, and where they put the focus. */
const OPENING_KEYS: Record<string, MenuOpening> = { Enter: 'first', ' ': 'first', ArrowDown: 'first', ArrowUp: 'last' }

/**
 * A Headless UI menu whose code (the menu's and the library's: floating, portal, focus management)
 * loads when its button is first activated, not with the page. Until then the button is a plain one
 * that looks and is named the same (`useFace`, shared with the loaded menu). The first click or key
 * loads the menu, which then opens as Headless UI would have: a click opens it with the panel
 * focused, Enter, Space and ArrowDown with the first item focused, ArrowUp with the last. The button
 * is aria-busy (and pulses) while the code loads; pointing at it or focusing it starts the load
 * early. A failed load leaves the button as it was, ready to try again.
 */
export function deferredMenu<P extends object>(
  load: () => Promise<ComponentType<P & MenuOpeningProps>>,
  useFace: (props: P) => MenuFace,
): ComponentType<P> {
  let loaded: ComponentType<P & MenuOpeningProps> | null = null
  let loading: Promise<ComponentType<P & MenuOpeningProps>> | null = null
  const loadOnce = () =>
    (loading ??= load().then(
      (menu) => (loaded = menu),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  const warm = () => void loadOnce().catch(() => {})

  function DeferredMenu(props: P) {
    const face = useFace(props)
    const [menu, setMenu] = useState(() => loaded)
    const [opening, setOpening] = useState<MenuOpening | null>(null)
    if (menu) {
      const Menu = menu
      return <Menu {...props} opening={opening ?? undefined} />
    }
    const open = (how: MenuOpening) => {
      if (opening) return
      setOpening(how)
      loadOnce().then(
        (loadedMenu) => setMenu(() => loadedMenu),
        () => setOpening(null),
      )
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const how = OPENING_KEYS[event.key]
      if (!how) return
      event.preventDefault()
      open(how)
    }
    return (
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={false}
        aria-label={face.label}
        aria-busy={opening ? true : undefined}
        title={face.title}
        className={opening ? `${face.className} animate-pulse cursor-progress` : face.className}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => open('pointer')}
        onKeyDown={onKeyDown}
        // Space would click on its release (Headless UI's button does the same).
        onKeyUp={(event) => event.key === ' ' && event.preventDefault()}
      >
        {face.content}
      </button>
    )
  }
  return DeferredMenu
}

/**
 * The loaded menu's button ref: when the menu was asked for before its code was there, it opens on
 * mount the way it was asked for (focus on the button first, as it was on the stand-in's).
 */
export function useOpenedOnMount(opening: MenuOpening | undefined): RefObject<HTMLButtonElement | null> {
  const button = useRef<HTMLButtonElement>(null)
  const pending = useRef(opening)
  useEffect(() => {
    const how = pending.current
    const element = button.current
    if (!how || !element) return
    pending.current = undefined
    element.focus({ preventScroll: true })
    if (how === 'pointer') element.click()
    else
      element.dispatchEvent(
        new window.KeyboardEvent('keydown', { key: how === 'last' ? 'ArrowUp' : 'Enter', bubbles: true, cancelable: true }),
      )
  }, [])
  return button
}
