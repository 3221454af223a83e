import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { uploadMachine, uploadSampleInput } from '../../../src/machines/upload'

describe('upload machine', () => {
  it('run without the app’s transfer, it fails loudly, naming the machine and the actor', () => {
    const actor = createActor(uploadMachine, { input: uploadSampleInput })
    const errors: unknown[] = []
    actor.subscribe({ error: (e) => errors.push(e) })
    actor.start()
    expect(actor.getSnapshot().status).toBe('error')
    expect(String(errors[0])).toContain('upload: the "transfer" actor is not provided')
  })
})
