import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  connect,
  incomingCallMachine,
  isRoomPath,
  type CallAnswerResponse,
  type IncomingCallInput,
  type IncomingCallRequest,
} from '../../../src/machines/incoming-call'
import { answerOf, callOf } from '../../support/calls'

/**
 * The incoming-call rules the generated paths do not reach with a non-matching payload: a response
 * for another call, a response that is not "missed", a call while busy, where answering leads.
 * Expected values come from the product rules (docs/product-rules.md, calls), not from the chart.
 */
const CALL: IncomingCallRequest = { ...callOf(), topic_name: 'Minh Tran' }

function start(
  input: Partial<IncomingCallInput> = {},
  answer: (callId: string) => Promise<CallAnswerResponse> = async () => answerOf(CALL),
) {
  const opened: string[] = []
  const failed: number[] = []
  const answered: string[] = []
  const machine = incomingCallMachine.provide({
    actors: {
      postCallAnswer: fromPromise<CallAnswerResponse, { call_id: string }>(({ input }) => {
        answered.push(input.call_id)
        return answer(input.call_id)
      }),
      postCallDecline: fromPromise<unknown, { call_id: string }>(async () => ({})),
    },
    actions: {
      openRoom: (_, params: { roomId: string }) => void opened.push(params.roomId),
      notifyAnswerFailed: () => void failed.push(1),
    },
  })
  const actor = createActor(machine, { input: { sounds: 1, calling: false, pathname: '/chat', ...input } }).start()
  return { actor, opened, failed, answered }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('incomingCall', () => {
  it('rings for a call while the user is free', () => {
    const { actor } = start()
    actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    expect(actor.getSnapshot().value).toBe('ringing')
    expect(actor.getSnapshot().context.call).toEqual(CALL)
  })

  it('does not ring while already in a call or in a room view', () => {
    for (const input of [{ calling: true }, { pathname: '/room/abc' }, { pathname: '/call-open/xyz' }]) {
      const { actor } = start(input)
      actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
      expect(actor.getSnapshot().value).toBe('idle')
      expect(actor.getSnapshot().context.call).toBeNull()
    }
    const { actor } = start()
    actor.send({ type: 'ROUTE_CHANGED', pathname: '/room/abc' })
    actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    expect(actor.getSnapshot().value).toBe('idle')
    actor.send({ type: 'ROUTE_CHANGED', pathname: '/chat' })
    actor.send({ type: 'CALLING_CHANGED', calling: true })
    actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('only a "missed" response for this very call closes the popup', () => {
    const { actor } = start()
    actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    actor.send({ type: 'RESPONSE_CALL', call_id: 'another-call', status: 'missed' })
    expect(actor.getSnapshot().value).toBe('ringing')
    actor.send({ type: 'RESPONSE_CALL', call_id: 'call-1', status: 'answered' })
    actor.send({ type: 'RESPONSE_CALL', call_id: 'call-1', status: 'declined' })
    expect(actor.getSnapshot().value).toBe('ringing')
    expect(actor.getSnapshot().context.call?._id).toBe('call-1')
    actor.send({ type: 'RESPONSE_CALL', call_id: 'call-1', status: 'missed' })
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.call).toBeNull()
  })

  it('the ringtone starts again every 60 s while sounds are on, and not when they are off', async () => {
    const on = start()
    on.actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    expect(on.actor.getSnapshot().context.ringtonePlays).toBe(1)
    await vi.advanceTimersByTimeAsync(59_999)
    expect(on.actor.getSnapshot().context.ringtonePlays).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(on.actor.getSnapshot().context.ringtonePlays).toBe(2)

    const off = start({ sounds: 0 })
    off.actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    await vi.advanceTimersByTimeAsync(120_000)
    expect(off.actor.getSnapshot().context.ringtonePlays).toBe(1)
    expect(off.actor.getSnapshot().value).toBe('ringing')
  })

  it('answering sends this call id and opens the room: the moved room on 301, else the call uuid', async () => {
    const cases: [CallAnswerResponse, string][] = [
      [answerOf(CALL, 301, 'moved-room'), 'moved-room'],
      [answerOf(CALL, 301, ''), 'room-uuid'],
      [answerOf(CALL, 200, 'ignored'), 'room-uuid'],
    ]
    for (const [response, room] of cases) {
      const { actor, opened, answered } = start({}, async () => response)
      actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
      actor.send({ type: 'ANSWER' })
      await vi.advanceTimersByTimeAsync(0)
      expect(answered).toEqual(['call-1'])
      expect(opened).toEqual([room])
      expect(actor.getSnapshot().value).toBe('idle')
      expect(actor.getSnapshot().context.call).toBeNull()
    }
  })

  it('a failed answer says so and opens nothing', async () => {
    const { actor, opened, failed } = start({}, async () => Promise.reject(new Error('Server Error')))
    actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    actor.send({ type: 'ANSWER' })
    await vi.advanceTimersByTimeAsync(0)
    expect(failed).toEqual([1])
    expect(opened).toEqual([])
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('knows the room views', () => {
    expect(['/room/a', '/call-open/b', '/chat', '/rooms', '/x/room/a'].map(isRoomPath)).toEqual([true, true, false, false, false])
  })
})

describe('incomingCall connect', () => {
  const noop = () => {}
  it('idle: nothing open; ringing: the caller, the kind of call, a ringtone played once per start; declining says so', async () => {
    const { actor } = start({ sounds: 1 }, () => new Promise(() => {}))
    expect(connect(actor.getSnapshot(), noop).open).toBe(false)
    actor.send({ type: 'NEW_REQUEST_CALL', call: { ...CALL, is_video: true, caller: { ...CALL.caller, photo_url: '/a.png' } } })
    const ringing = connect(actor.getSnapshot(), noop)
    expect(ringing).toMatchObject({
      open: true,
      phase: 'ringing',
      callerName: 'Minh Tran',
      callerPhotoUrl: '/a.png',
      callerInitials: 'MT',
      isVideo: true,
      canRespond: true,
    })
    expect(ringing.ringtone).toEqual({ playing: true, volume: 0.5, loop: false, playKey: 1 })
    actor.send({ type: 'DECLINE' })
    const declining = connect(actor.getSnapshot(), noop)
    expect(declining).toMatchObject({ open: true, phase: 'declining', canRespond: false })
    expect(declining.ringtone.playing).toBe(false)
  })

  it('a voice call without a photo; sounds off rings silently', () => {
    const { actor } = start({ sounds: 0 })
    actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    const props = connect(actor.getSnapshot(), noop)
    expect(props).toMatchObject({ isVideo: false, callerPhotoUrl: null })
    expect(props.ringtone.playing).toBe(false)
  })

  it('Answer and Decline send their events', () => {
    const sent: string[] = []
    const { actor } = start()
    actor.send({ type: 'NEW_REQUEST_CALL', call: CALL })
    const props = connect(actor.getSnapshot(), (event) => void sent.push(event.type))
    props.onAnswer()
    props.onDecline()
    expect(sent).toEqual(['ANSWER', 'DECLINE'])
  })
})
