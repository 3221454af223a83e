import { expect, vi } from 'vitest'
import { within } from '@testing-library/react'
import { useSelector } from '@xstate/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import type { Actor } from 'xstate'
import type { Channel } from '../../contract/channel'
import {
  accountChannelsMachine,
  connect,
  type AccountChannelsSnapshot,
  type CreateChannelModalConnect,
} from '../../src/machines/account-channels'
import type { ChannelCreateBody } from '../../src/machines/channel-form'
import { useChannelForm } from '../../src/services/channel-form'
import { AccountDrawer } from '../../src/ui/app/account-drawer'
import { ChannelSwitcher } from '../../src/ui/app/channel-switcher'
import { CreateChannelDialog } from '../../src/ui/channel-form/create-channel-dialog'
import { describeModel, type ModelKit } from './support/run-model'
import { channelWithRole } from '../support/channel-info'

/**
 * The account drawer's channels, driven through the real account drawer, channel switcher and
 * create-channel modal (its own channelForm machine through the app's hook, with POST
 * channel/create answered here), and a page's 'Create a channel' button. The drawer shows while
 * the machine's list is shown in it, as the sidebar layout's drawer does.
 */
vi.mock('../../src/services/api/channel', () => ({
  createChannel: async (body: ChannelCreateBody) => ({ _id: 'ch-new', name: body.name }),
  suggestDescription: async () => '',
}))
vi.mock('../../src/services/api/media', () => ({ uploadFile: async () => ({}) }))

type Kit = ModelKit<typeof accountChannelsMachine>
type S = AccountChannelsSnapshot

// jsdom has no scrolling (the router restores scroll) and no Web Animations (the drawer's transition asks for them).
Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true })
Object.defineProperty(Element.prototype, 'getAnimations', { value: () => [], writable: true, configurable: true })

const channel = channelWithRole
/** The user's current channel, which they own; and one they are a member of. */
const OWNED = channel('ch-owned', 'Acme', 40)
const MEMBER = channel('ch-member', 'Studio Nine', 20)
const CURRENT_ID = OWNED._id

let current: Actor<typeof accountChannelsMachine> | null = null
let routerOf: unknown = null
let router = makeRouter()

function makeRouter() {
  return createRouter({
    routeTree: createRootRoute({ component: AccountScreen }),
    history: createMemoryHistory({ initialEntries: ['/home'] }),
  })
}

/** The create-channel modal as the sidebar layout mounts it. */
function CreateChannel(props: CreateChannelModalConnect) {
  return (
    <CreateChannelDialog
      {...useChannelForm({
        input: { plan: 'freemium', administeredChannels: props.administeredChannels },
        onCreated: props.onCreated,
        onClosed: props.onClosed,
      })}
    />
  )
}

/** The header's account button, the account drawer with the channel switcher, and the create-channel modal, from connect as in src/routes/_app.tsx. */
function AccountScreen() {
  const snapshot = useSelector(current!, (s) => s)
  const { send } = current!
  const channels = connect(snapshot, send)
  return (
    <>
      <button type="button" onClick={() => send({ type: 'DRAWER_OPENED' })}>
        Account
      </button>
      {/* A page's 'Create a channel' (the chat list without a channel), through the shell actions. */}
      <button type="button" onClick={channels.onCreateFromPage}>
        Create a channel
      </button>
      <AccountDrawer
        open={inDrawer(snapshot)}
        onClose={() => send({ type: 'DRAWER_CLOSED' })}
        name="Lan Nguyen"
        email="lan@example.com"
        workid="lan.nguyen"
        photoUrl={null}
        initials="LN"
        planLabel={{ id: 'freemium', message: 'Freemium' }}
        loggingOut={false}
        onLogout={() => {}}
        channels={<ChannelSwitcher {...channels.switcher} currentId={CURRENT_ID} />}
      />
      {channels.createModal ? <CreateChannel {...channels.createModal} /> : null}
    </>
  )
}

/** The list the test's last GET channel/my-channel answered: the switcher's oracle, not the machine's context. */
const answered = new WeakMap<object, Channel[]>()

const inDrawer = (s: S) => s.matches({ list: { open: { shownIn: 'drawer' } } })
const loaded = (s: S) => s.matches({ list: { open: { data: 'loaded' } } })

const drawer = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Your account' })
const createDialog = ({ screen }: Kit) => screen.getByRole('dialog', { name: 'Create channel' })
const createButton = (kit: Kit) => within(drawer(kit)).getByRole<HTMLButtonElement>('button', { name: 'Create channel' })
/** The drawer slides out: its transition runs on animation frames. */
const slideOut = (kit: Kit) => kit.advance(100)
const switchButton = (kit: Kit) =>
  within(within(drawer(kit)).getByRole('listitem', { name: MEMBER.name })).getByRole<HTMLButtonElement>('button', { name: 'Switch' })

describeModel({
  machine: accountChannelsMachine,
  select: 'transitions',
  events: {
    // The user's channels: one owned (freemium's one channel is used up) and one joined; or none.
    'xstate.done.actor.loadChannels': [
      { type: 'xstate.done.actor.loadChannels', output: [OWNED, MEMBER] },
      { type: 'xstate.done.actor.loadChannels', output: [] },
    ],
    // What the drawer offers: a switch to the joined channel (never to the current one), a retry.
    SWITCH: (s) => (inDrawer(s) && loaded(s) && s.context.channels?.includes(MEMBER) ? [{ type: 'SWITCH', channelId: MEMBER._id }] : []),
    RETRY: (s) => (inDrawer(s) ? [{ type: 'RETRY' }] : []),
    // A channel can be created while the quota allows it; the quota message only closes.
    CREATED: (s) => (s.context.administeredChannels === 0 ? [{ type: 'CREATED' }] : []),
    // Raised by a finished switch only.
    RELOAD: [],
  },
  spyActions: ['refreshUser', 'openChats'],
  render: (_, __, actor) => {
    if (routerOf !== actor) {
      router = makeRouter()
      routerOf = actor
    }
    current = actor
    return <RouterProvider router={router} />
  },
  ready: async (kit) => {
    await vi.advanceTimersByTimeAsync(0)
    await kit.screen.findByRole('button', { name: 'Account' })
  },
  perform: {
    DRAWER_OPENED: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Account' }))
    },
    DRAWER_CLOSED: async (_, kit) => {
      await kit.user.click(within(drawer(kit)).getByRole('button', { name: 'Close' }))
      await slideOut(kit)
    },
    RETRY: async (_, kit) => {
      await kit.user.click(within(within(drawer(kit)).getByRole('alert')).getByRole('button', { name: 'Retry' }))
    },
    SWITCH: async (_, kit) => {
      await kit.user.click(switchButton(kit))
    },
    CREATE_FROM_PAGE: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Create a channel' }))
    },
    CREATE: async (_, kit) => {
      // Disabled until the list is loaded: the click then does nothing.
      expect(createButton(kit).disabled).toBe(!loaded(kit.previous))
      await kit.user.click(createButton(kit))
      await slideOut(kit)
    },
    CREATED: async (_, kit) => {
      const refreshes = kit.actions.refreshUser.mock.calls.length
      await kit.user.type(within(createDialog(kit)).getByRole('textbox', { name: 'Channel name' }), 'Design team')
      await kit.user.click(within(createDialog(kit)).getByRole('button', { name: 'Create' }))
      await vi.waitFor(() => expect(kit.actions.openChats).toHaveBeenCalledTimes(1))
      expect(kit.actions.refreshUser.mock.calls.length).toBe(refreshes + 1)
    },
    CREATE_CLOSED: async (_, kit) => {
      const quotaReached = kit.previous.context.administeredChannels > 0
      await kit.user.click(within(createDialog(kit)).getByRole('button', { name: quotaReached ? 'Close' : 'Cancel' }))
    },
    'xstate.done.actor.loadChannels': async (event, kit) => {
      answered.set(kit.actor, event.output)
      await kit.resolve('loadChannels', event.output)
    },
    'xstate.done.actor.switchChannel': async (_, kit) => {
      const refreshes = kit.actions.refreshUser.mock.calls.length
      const loads = kit.calls.filter((call) => call.src === 'loadChannels').length
      await kit.resolve('switchChannel', {})
      // The user is fetched again; a shown list loads again.
      expect(kit.actions.refreshUser.mock.calls.length).toBe(refreshes + 1)
      expect(kit.calls.filter((call) => call.src === 'loadChannels').length).toBe(loads + (kit.previous.matches({ list: 'open' }) ? 1 : 0))
    },
    'xstate.error.actor.switchChannel': async (_, kit) => {
      const refreshes = kit.actions.refreshUser.mock.calls.length
      await kit.reject('switchChannel', new Error('Server Error'))
      // The current channel stays (the http client has toasted the error).
      expect(kit.actions.refreshUser.mock.calls.length).toBe(refreshes)
    },
  },
  states: {
    'list.closed': (_, kit) => {
      expect(kit.screen.queryByRole('dialog')).toBeNull()
    },
    'list.open.shownIn.drawer': (_, kit) => {
      expect(within(drawer(kit)).getByRole('heading', { name: 'Your channels' })).toBeTruthy()
      expect(kit.screen.queryByRole('dialog', { name: 'Create channel' })).toBeNull()
    },
    'list.open.shownIn.awaitingList': (_, kit) => {
      // Neither the drawer nor, before the quota is known, the modal.
      expect(kit.screen.queryByRole('dialog')).toBeNull()
      expect(kit.pending('loadChannels')).toBeTruthy()
    },
    'list.open.shownIn.createModal': (expected, kit) => {
      expect(kit.screen.queryByRole('dialog', { name: 'Your account' })).toBeNull()
      // The quota counts the channels the user administered when the modal opened.
      if (expected.context.administeredChannels > 0)
        expect(within(createDialog(kit)).getByRole('alert').textContent).toBe(
          'You have reached the number of channels (1), to increase the number please upgrade your account.',
        )
      else expect(within(createDialog(kit)).getByRole('textbox', { name: 'Channel name' })).toBeTruthy()
    },
    'list.open.data.loading': (expected, kit) => {
      expect(kit.pending('loadChannels')).toBeTruthy()
      if (!inDrawer(expected)) return
      expect(within(drawer(kit)).getByText('Loading channels…')).toBeTruthy()
      expect(createButton(kit).disabled).toBe(true)
    },
    'list.open.data.loaded': (expected, kit) => {
      if (!inDrawer(expected)) return
      expect(createButton(kit).disabled).toBe(false)
      const channels = answered.get(kit.actor)!
      if (channels.length === 0) {
        expect(within(drawer(kit)).getByText('You are not in any channel yet.')).toBeTruthy()
        return
      }
      // The channels the server answered, each once, in its order.
      const rows = within(within(drawer(kit)).getByRole('list', { name: 'Your channels' })).getAllByRole('listitem')
      const names = rows.map((row) => row.getAttribute('aria-label'))
      expect(new Set(names).size).toBe(names.length)
      expect(names).toEqual(channels.map((c) => c.name))
      // The current channel is the user's; the others can be switched to.
      expect(within(rows[0]).getByText('Current')).toBeTruthy()
      expect(within(rows[0]).getByText('Owner')).toBeTruthy()
      expect(within(rows[1]).getByText('Member')).toBeTruthy()
      expect(switchButton(kit)).toBeTruthy()
    },
    'list.open.data.failed': (expected, kit) => {
      if (!inDrawer(expected)) return
      expect(within(drawer(kit)).getByRole('alert').textContent).toBe('Could not load your channels.Retry')
      expect(createButton(kit).disabled).toBe(true)
      expect(within(drawer(kit)).queryByRole('list', { name: 'Your channels' })).toBeNull()
    },
    'switch.idle': (expected, kit) => {
      expect(expected.context.switching).toBeNull()
      if (inDrawer(expected) && loaded(expected) && expected.context.channels!.includes(MEMBER)) {
        expect(switchButton(kit).disabled).toBe(false)
        expect(switchButton(kit).getAttribute('aria-busy')).toBeNull()
      }
    },
    'switch.switching': (expected, kit) => {
      expect(kit.pending('switchChannel').input).toEqual({ channelId: MEMBER._id })
      // One switch at a time: the buttons wait for it.
      if (inDrawer(expected) && loaded(expected) && expected.context.channels!.includes(MEMBER)) {
        expect(switchButton(kit).disabled).toBe(true)
        expect(switchButton(kit).getAttribute('aria-busy')).toBe('true')
      }
    },
  },
})
