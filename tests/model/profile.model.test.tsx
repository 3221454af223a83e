import { expect } from 'vitest'
import { fireEvent } from '@testing-library/react'
import { lan } from './support/users'
import { connect, profileMachine, type ProfileSnapshot } from '../../src/machines/profile'
import { ProfileForm } from '../../src/ui/app/profile-form'
import { describeModel, type ModelKit } from './support/run-model'

/**
 * /account/profile as the app renders it: connect's props spread on ProfileForm. Calls are the
 * machine's injected actors; what the session must hear are its injected actions (spies).
 *
 * Oracles beside the machine, from the events this test sent: within one upload the progress bar
 * shows the highest percent reported so far (it never goes back); an upload starts once per
 * accepted file (a JPG or PNG up to 5 MB by the test's own reading), never for a refused one.
 */
type Kit = ModelKit<typeof profileMachine>
type S = ProfileSnapshot

const user = lan
const LAN = { name: 'Lan Nguyen', photo_url: null }

let typedName: string | null = null
/** Percents the current upload reported, in the order sent. */
let reported: number[] = []
let accepted = 0
const acceptable = (file: { type: string; size: number }) => ['image/jpeg', 'image/png'].includes(file.type) && file.size <= 5 * 1024 * 1024

const idle = (s: S) => s.matches('idle')
const uploads = (kit: Kit) => kit.callbacks.filter((c) => c.src === 'uploadAvatar')

describeModel({
  machine: profileMachine,
  inputs: { 'with the account': { user: LAN }, 'before the user loads': { user: null } },
  select: 'transitions',
  serializeState: (s) => JSON.stringify({ value: s.value, c: s.context }),
  events: {
    UPDATE_NAME: (s) =>
      idle(s) && s.context.user && s.context.user.name !== 'Lan Tran' ? [{ type: 'UPDATE_NAME', name: 'Lan Tran' }] : [],
    PICK_AVATAR: (s) =>
      idle(s) && s.context.user
        ? [
            { type: 'PICK_AVATAR', file: { type: 'image/gif', size: 2048 } },
            { type: 'PICK_AVATAR', file: { type: 'image/png', size: 6 * 1024 * 1024 } },
            { type: 'PICK_AVATAR', file: { type: 'image/png', size: 2048 } },
          ]
        : [],
    UPLOAD_PROGRESS: (s) =>
      s.context.uploadPercent === 0
        ? [{ type: 'UPLOAD_PROGRESS', percent: 40 }]
        : s.context.uploadPercent === 40
          ? [
              { type: 'UPLOAD_PROGRESS', percent: 25 },
              { type: 'UPLOAD_PROGRESS', percent: 90 },
            ]
          : [],
    UPLOAD_DONE: [{ type: 'UPLOAD_DONE', user: user({ photo_url: '/media/avatar.png' }) }],
    USER_CHANGED: (s) =>
      s.context.user === null
        ? [{ type: 'USER_CHANGED', user: LAN }]
        : s.context.user.name === 'Lan Nguyen' && idle(s)
          ? [{ type: 'USER_CHANGED', user: { name: 'Lan Tran', photo_url: null } }]
          : [],
  },
  spyActions: ['userSaved', 'reloadUser'],
  callbackActors: ['uploadAvatar'],
  render: (snapshot, send) => <ProfileForm {...connect(snapshot, send)} />,
  ready: async () => {
    typedName = null
    reported = []
    accepted = 0
  },
  perform: {
    UPDATE_NAME: async (event, kit) => {
      typedName = event.name
      const name = kit.screen.getByRole('textbox', { name: 'Name' })
      await kit.user.clear(name)
      await kit.user.type(name, event.name)
      await kit.user.click(kit.screen.getByRole('button', { name: 'Save' }))
    },
    PICK_AVATAR: async (event, kit) => {
      const input = kit.container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!
      const file = new File([new Uint8Array(event.file.size)], event.file.type === 'image/gif' ? 'me.gif' : 'me.png', {
        type: event.file.type,
      })
      if (acceptable(event.file)) {
        accepted++
        reported = []
      }
      // The file dialog's "all files": the picker does not filter, the machine decides.
      fireEvent.change(input, { target: { files: [file] } })
    },
    UPLOAD_PROGRESS: async (event, kit) => {
      reported.push(event.percent)
      await kit.sendBack('uploadAvatar', event)
    },
    UPLOAD_DONE: async (event, kit) => {
      const saved = kit.actions.userSaved.mock.calls.length
      const reloads = kit.actions.reloadUser.mock.calls.length
      await kit.sendBack('uploadAvatar', event)
      // The session takes the new user, then reloads it.
      expect(kit.actions.userSaved.mock.calls.length).toBe(saved + 1)
      expect(kit.actions.userSaved.mock.calls.at(-1)?.[1]).toEqual(event.user)
      expect(kit.actions.reloadUser.mock.calls.length).toBe(reloads + 1)
    },
    UPLOAD_FAILED: async (event, kit) => kit.sendBack('uploadAvatar', event),
    'xstate.done.actor.0.profile.savingName': async (event, kit) => {
      const reloads = kit.actions.reloadUser.mock.calls.length
      await kit.resolve('0.profile.savingName', event.output)
      expect(kit.actions.reloadUser.mock.calls.length).toBe(reloads + 1)
    },
  },
  states: {
    '*': (_, kit) => {
      // One upload per accepted file, none for a refused one.
      expect(uploads(kit)).toHaveLength(accepted)
    },
    idle: (expected, kit) => {
      const field = kit.screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' })
      // The field shows the account's name, or what the user typed until the account changes.
      expect([expected.context.user?.name ?? '', typedName]).toContain(field.value)
      expect(kit.screen.queryByRole('progressbar')).toBeNull()
      const { avatarError, notice } = expected.context
      if (avatarError)
        expect(kit.screen.getByRole('alert').textContent).toBe(
          avatarError === 'type' ? 'You can only upload JPG/PNG file' : 'The file is too large',
        )
      else expect(kit.screen.queryByRole('alert')).toBeNull()
      if (notice === 'nameSaved') expect(kit.screen.getByRole('status').textContent).toBe('Your name has been saved')
      else if (notice === 'avatarSaved') expect(kit.screen.getByRole('status').textContent).toBe('Your avatar has been updated')
      else expect(kit.screen.queryByRole('status')).toBeNull()
      const avatar = kit.screen.getByRole('img', { name: 'Your avatar' })
      if (expected.context.user?.photo_url)
        expect(avatar.querySelector('img')?.getAttribute('src') ?? avatar.getAttribute('src')).toBe(expected.context.user.photo_url)
      // The initials are drawn by CSS from data-initials (no text inside the control).
      else
        expect((avatar.closest('[data-initials]') ?? avatar.querySelector('[data-initials]'))?.getAttribute('data-initials')).toBe(
          expected.context.user ? (expected.context.user.name === 'Lan Tran' ? 'LT' : 'LN') : '?',
        )
    },
    savingName: (_, kit) => {
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' }).disabled).toBe(true)
      expect(kit.pending('0.profile.savingName').input).toEqual({ name: 'Lan Tran' })
    },
    uploadingAvatar: (_, kit) => {
      // The bar shows the highest percent this upload reported (it never goes back).
      const shown = Number(kit.screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'))
      expect(shown).toBe(Math.max(0, ...reported))
      expect(kit.container.querySelector<HTMLInputElement>('input[type="file"]')!.disabled).toBe(true)
      expect(uploads(kit).filter((c) => !c.stopped)).toHaveLength(1)
    },
  },
})
