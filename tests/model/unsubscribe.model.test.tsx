import { expect } from 'vitest'
import { connect, unsubscribeMachine } from '../../src/machines/unsubscribe'
import { UnsubscribePage } from '../../src/ui/attention/unsubscribe-page'
import { routed } from './support/routed'
import { describeModel } from './support/run-model'

const TOKEN = 'user-1.signature'
const page = routed(unsubscribeMachine, (snapshot, send) => <UnsubscribePage {...connect(snapshot, send)} />, '/unsubscribe')

describeModel({
  machine: unsubscribeMachine,
  inputs: { 'the email’s link': { token: TOKEN }, 'a link without its token': { token: '' } },
  events: {
    'xstate.done.actor.unsubscribe': [{ type: 'xstate.done.actor.unsubscribe', output: { digest_email: false } }],
    'xstate.error.actor.unsubscribe': [{ type: 'xstate.error.actor.unsubscribe', error: new Error('The data you sent is not valid') }],
  },
  render: page.render,
  ready: page.ready,
  perform: {
    CONFIRM: async (_, kit) => {
      await kit.user.click(kit.screen.getByRole('button', { name: 'Turn off these emails' }))
      // The link's token, and nothing else, is what turns the email off.
      expect(kit.pending('unsubscribe').input).toEqual({ token: TOKEN })
    },
    'xstate.done.actor.unsubscribe': async (_, kit) => {
      await kit.resolve('unsubscribe', { digest_email: false })
    },
    'xstate.error.actor.unsubscribe': async (_, kit) => {
      await kit.reject('unsubscribe', new Error('The data you sent is not valid'))
    },
  },
  states: {
    invalid: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('This link is not complete. Open it again from the email.')
      expect(kit.screen.queryByRole('button')).toBeNull()
    },
    ready: (_, kit) => {
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Turn off these emails' }).disabled).toBe(false)
      expect(kit.screen.queryByRole('alert')).toBeNull()
    },
    sending: (_, kit) => {
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Turning off…' }).disabled).toBe(true)
    },
    failed: (_, kit) => {
      expect(kit.screen.getByRole('alert').textContent).toBe('The data you sent is not valid')
      expect(kit.screen.getByRole<HTMLButtonElement>('button', { name: 'Turn off these emails' }).disabled).toBe(false)
    },
    done: (_, kit) => {
      expect(kit.screen.getByRole('status').textContent).toBe(
        'Done: you will not get these emails any more. You can turn them back on in your settings.',
      )
      expect(kit.screen.queryByRole('button')).toBeNull()
    },
  },
})
