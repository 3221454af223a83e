// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import { ChannelMenu, type ChannelMenuProps } from '../../../src/ui/app/channel-menu'
import { channelWithRole } from '../../support/channel-info'

// jsdom has no Web Animations (Headless UI's transitions ask for them).
Object.defineProperty(Element.prototype, 'getAnimations', { value: () => [], writable: true, configurable: true })

const channel = channelWithRole
const ACME = channel('ch-acme', 'Acme', 40)
const STUDIO = channel('ch-studio', 'Studio Nine', 20)

function renderMenu(props: Partial<ChannelMenuProps> = {}) {
  const handlers = { onSwitch: vi.fn(), onRetry: vi.fn(), onCreate: vi.fn(), onOpenChange: vi.fn() }
  render(
    <I18nProvider i18n={i18n}>
      <ChannelMenu
        channels={[ACME, STUDIO]}
        known={[ACME, STUDIO]}
        failed={false}
        switching={null}
        currentId={ACME._id}
        variant="drawer"
        {...handlers}
        {...props}
      />
    </I18nProvider>,
  )
  return { user: userEvent.setup(), ...handlers }
}

describe("the sidebar's channel menu", () => {
  it("names its button with the current channel's name, and lists the user's channels with Create channel", async () => {
    const { user, onOpenChange } = renderMenu()
    const button = screen.getByRole('button', { name: 'Channel: Acme' })
    expect(button.textContent).toContain('Acme')
    await user.click(button)
    expect(onOpenChange).toHaveBeenLastCalledWith(true)
    const menu = screen.getByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(['Acme', 'Studio Nine', 'Create channel'])
    expect(items[0].getAttribute('aria-current')).toBe('true')
    expect(items[1].getAttribute('aria-current')).toBeNull()
  })

  it('switches to another channel and closes', async () => {
    const { user, onSwitch, onOpenChange } = renderMenu()
    await user.click(screen.getByRole('button', { name: 'Channel: Acme' }))
    await user.click(screen.getByRole('menuitem', { name: 'Studio Nine' }))
    expect(onSwitch).toHaveBeenCalledWith('ch-studio')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
  })

  it('choosing the current channel switches nothing', async () => {
    const { user, onSwitch } = renderMenu()
    await user.click(screen.getByRole('button', { name: 'Channel: Acme' }))
    await user.click(screen.getByRole('menuitem', { name: 'Acme' }))
    expect(onSwitch).not.toHaveBeenCalled()
  })

  it('opens the create-channel modal from its last item', async () => {
    const { user, onCreate } = renderMenu()
    await user.click(screen.getByRole('button', { name: 'Channel: Acme' }))
    await user.click(screen.getByRole('menuitem', { name: 'Create channel' }))
    expect(onCreate).toHaveBeenCalledTimes(1)
  })

  it('says the list loads, and Create channel waits for it', async () => {
    const { user } = renderMenu({ channels: null, known: null })
    await user.click(screen.getByRole('button', { name: 'Channels' }))
    expect(screen.getByRole('status').textContent).toBe('Loading channels…')
    expect(screen.getByRole('menuitem', { name: 'Create channel' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('offers Retry when the list failed', async () => {
    const { user, onRetry } = renderMenu({ channels: null, known: null, failed: true })
    await user.click(screen.getByRole('button', { name: 'Channels' }))
    expect(screen.getByRole('alert').textContent).toBe('Could not load your channels.')
    await user.click(screen.getByRole('menuitem', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('in the narrow rail, shows the channel as an avatar whose button is named by the channel', () => {
    renderMenu({ variant: 'rail' })
    const button = screen.getByRole('button', { name: 'Channel: Acme' })
    expect(button.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe('A')
    expect(button.getAttribute('title')).toBe('Acme')
  })
})
