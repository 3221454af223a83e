// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { ComponentType } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { deferredMenu, type MenuFace, type MenuOpeningProps, useOpenedOnMount } from '../../../src/ui/deferred-menu'
import { DeferredChannelMenu } from '../../../src/ui/app/deferred-channel-menu'
import { channelWithRole } from '../../support/channel-info'

// jsdom has no Web Animations (Headless UI's transitions ask for them).
Object.defineProperty(Element.prototype, 'getAnimations', { value: () => [], writable: true, configurable: true })

interface FruitProps {
  chosen: string[]
}

const useFruitFace = (): MenuFace => ({ label: 'Fruit', className: 'fruit-button', content: <span>🍎</span> })

function FruitMenu({ opening, chosen }: FruitProps & MenuOpeningProps) {
  const face = useFruitFace()
  const button = useOpenedOnMount(opening)
  return (
    <Menu>
      <MenuButton ref={button} aria-label={face.label} className={face.className}>
        {face.content}
      </MenuButton>
      <MenuItems aria-label="Fruit">
        {['Apple', 'Pear', 'Plum'].map((fruit) => (
          <MenuItem key={fruit}>
            <button type="button" onClick={() => chosen.push(fruit)}>
              {fruit}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  )
}

/** A deferred FruitMenu whose code arrives when the test says so. */
function controlledFruitMenu() {
  const loads: { resolve: (menu: ComponentType<FruitProps & MenuOpeningProps>) => void; reject: (error: Error) => void }[] = []
  const Deferred = deferredMenu<FruitProps>(() => new Promise((resolve, reject) => loads.push({ resolve, reject })), useFruitFace)
  return { Deferred, loads }
}

function renderFruit(Deferred: ComponentType<FruitProps>) {
  const chosen: string[] = []
  render(
    <>
      <button type="button">Before</button>
      <Deferred chosen={chosen} />
    </>,
  )
  return { chosen, user: userEvent.setup() }
}

const activeItem = (menu: HTMLElement) => document.getElementById(menu.getAttribute('aria-activedescendant') ?? '')?.textContent

describe('a menu whose code loads when it is first opened', () => {
  it('shows a plain button with the same name and look until then, and loads nothing before it is used', () => {
    const { Deferred, loads } = controlledFruitMenu()
    renderFruit(Deferred)
    const button = screen.getByRole('button', { name: 'Fruit' })
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(button.className).toBe('fruit-button')
    expect(button.textContent).toBe('🍎')
    expect(loads).toHaveLength(0)
  })

  it('a click opens it once loaded, busy meanwhile; a choice works', async () => {
    const { Deferred, loads } = controlledFruitMenu()
    const { user, chosen } = renderFruit(Deferred)
    await user.click(screen.getByRole('button', { name: 'Fruit' }))
    expect(loads).toHaveLength(1)
    const busy = screen.getByRole('button', { name: 'Fruit' })
    expect(busy.getAttribute('aria-busy')).toBe('true')
    expect(busy.className).toContain('animate-pulse')
    // A second click while it loads asks for nothing more.
    await user.click(busy)
    expect(loads).toHaveLength(1)
    loads[0].resolve(FruitMenu)
    const menu = await screen.findByRole('menu', { name: 'Fruit' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Apple', 'Pear', 'Plum'])
    const button = screen.getByRole('button', { name: 'Fruit' })
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(button.getAttribute('aria-busy')).toBeNull()
    await user.click(screen.getByRole('menuitem', { name: 'Pear' }))
    expect(chosen).toEqual(['Pear'])
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('Enter opens it on the first item, Escape closes it and focus returns to its button', async () => {
    const { Deferred, loads } = controlledFruitMenu()
    const { user } = renderFruit(Deferred)
    await user.click(screen.getByRole('button', { name: 'Before' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fruit' }))
    // Focusing the button already starts the load.
    expect(loads).toHaveLength(1)
    await user.keyboard('{Enter}')
    loads[0].resolve(FruitMenu)
    const menu = await screen.findByRole('menu', { name: 'Fruit' })
    await waitFor(() => expect(activeItem(menu)).toBe('Apple'))
    await user.keyboard('{ArrowDown}')
    expect(activeItem(menu)).toBe('Pear')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fruit' }))
  })

  it('ArrowUp opens it on the last item, Space and ArrowDown on the first', async () => {
    for (const [key, item] of [
      ['{ArrowUp}', 'Plum'],
      [' ', 'Apple'],
      ['{ArrowDown}', 'Apple'],
    ]) {
      const { Deferred, loads } = controlledFruitMenu()
      const { user } = renderFruit(Deferred)
      screen.getByRole('button', { name: 'Fruit' }).focus()
      await user.keyboard(key)
      loads[0].resolve(FruitMenu)
      const menu = await screen.findByRole('menu', { name: 'Fruit' })
      await waitFor(() => expect(activeItem(menu)).toBe(item))
      await user.keyboard('{Escape}')
      document.body.innerHTML = ''
    }
  })

  it('a failed load leaves the button as it was, and the next activation tries again', async () => {
    const { Deferred, loads } = controlledFruitMenu()
    const { user } = renderFruit(Deferred)
    await user.click(screen.getByRole('button', { name: 'Fruit' }))
    loads[0].reject(new Error('chunk failed'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fruit' }).getAttribute('aria-busy')).toBeNull())
    expect(screen.queryByRole('menu')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Fruit' }))
    expect(loads).toHaveLength(2)
    loads[1].resolve(FruitMenu)
    expect(await screen.findByRole('menu', { name: 'Fruit' })).toBeTruthy()
  })

  it("the sidebar's channel menu opens from the keyboard on first use, on its first channel", async () => {
    const acme = channelWithRole('ch-acme', 'Acme', 40)
    const nine = channelWithRole('ch-nine', 'Studio Nine', 20)
    const none = () => {}
    render(
      <I18nProvider i18n={i18n}>
        <DeferredChannelMenu
          channels={[acme, nine]}
          known={[acme, nine]}
          failed={false}
          switching={null}
          currentId={acme._id}
          variant="drawer"
          onSwitch={none}
          onRetry={none}
          onCreate={none}
          onOpenChange={none}
        />
      </I18nProvider>,
    )
    const button = screen.getByRole('button', { name: 'Channel: Acme' })
    button.focus()
    await userEvent.setup().keyboard('{ArrowDown}')
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(activeItem(menu)).toBe('Acme'))
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Acme', 'Studio Nine', 'Create channel'])
  })
})
