import { expect } from 'vitest'
import { within } from '@testing-library/react'
import type { StorageSummary } from '../../contract/pages'
import { accountStorageMachine, connect } from '../../src/machines/account-storage'
import { StorageSummaryView } from '../../src/ui/account/storage-summary-page'
import { describeModel, type ModelKit } from './support/run-model'
import { routed } from './support/routed'

/** /account/storage: the user's storage against the plan's quota, by channel and chat. */

type Kit = ModelKit<typeof accountStorageMachine>

const MB = 1024 * 1024
const GB = 1024 * MB
const SUMMARY: StorageSummary = {
  used: 300 * MB,
  quota: GB,
  plan: 'freemium',
  channels: [
    {
      channel_id: 'ch-design',
      name: 'Design',
      bytes: 200 * MB,
      files: 3,
      topics: [{ topic_id: 't-general', name: 'General', bytes: 200 * MB, files: 3 }],
    },
    { channel_id: null, name: '', bytes: 100 * MB, files: 1, topics: [{ topic_id: 't-dm', name: 'Bob', bytes: 100 * MB, files: 1 }] },
  ],
}
const NOTHING: StorageSummary = { used: 0, quota: GB, plan: 'freemium', channels: [] }

const view = routed(accountStorageMachine, (snapshot, send) => <StorageSummaryView {...connect(snapshot, send)} />)
const meter = (kit: Kit) => kit.screen.getByRole('progressbar', { name: 'Storage used' })

describeModel({
  machine: accountStorageMachine,
  events: {
    'xstate.done.actor.loadSummary': [
      { type: 'xstate.done.actor.loadSummary', output: SUMMARY },
      { type: 'xstate.done.actor.loadSummary', output: NOTHING },
    ],
    'xstate.error.actor.loadSummary': [{ type: 'xstate.error.actor.loadSummary', error: new Error('Server Error') }],
  },
  render: view.render,
  ready: view.ready,
  perform: {
    RETRY: async (_, kit) => {
      await kit.user.click(within(kit.screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
    },
  },
  states: {
    loading: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe('Loading your storage…')
      expect(kit.screen.queryByRole('progressbar')).toBeNull()
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('Could not load your storage.Retry')
    },
    loaded: (_, kit) => {
      // 300 MB of the freemium plan's 1 GB: 29 %.
      expect(meter(kit).getAttribute('aria-valuenow')).toBe('29')
      expect(meter(kit).getAttribute('aria-valuetext')).toBe('300.0 MB of 1.0 GB used (29%)')
      expect((meter(kit).firstElementChild as HTMLElement).style.width).toBe('29%')
      expect(kit.screen.getByText('300.0 MB of 1.0 GB used (29%)')).toBeTruthy()
      const channels = within(kit.screen.getByRole('list', { name: 'Storage by channel' }))
      expect(
        channels
          .getAllByRole('listitem')
          .filter((li) => li.getAttribute('aria-label'))
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['Design', 'Private chats'])
      expect(channels.getByRole('link', { name: 'Files of Design' }).getAttribute('href')).toBe('/chat/channel/ch-design/storage')
      expect(channels.getByText('Bob')).toBeTruthy()
      expect(kit.screen.getByRole('link', { name: 'Open the trash' }).getAttribute('href')).toBe('/account/trash')
    },
    empty: (_, kit) => {
      // Nothing stored reads 0, with an empty bar.
      expect(meter(kit).getAttribute('aria-valuenow')).toBe('0')
      expect(meter(kit).getAttribute('aria-valuetext')).toBe('0 KB of 1.0 GB used (0%)')
      expect(meter(kit).firstElementChild).toBeNull()
      expect(kit.screen.getByText('No files stored yet. Files you share in chats and channels are counted here.')).toBeTruthy()
      expect(kit.screen.queryByRole('list', { name: 'Storage by channel' })).toBeNull()
    },
  },
})
