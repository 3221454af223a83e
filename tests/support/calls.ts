import type { Call } from '../../contract/call'
import type { CallAnswer } from '../../contract/call'

/** A ringing call as the server sends it (contract Call), with the parts a test cares about overridden. */
export function callOf(overrides: Partial<Call> & { caller?: Partial<Call['caller']> } = {}): Call {
  const { caller, ...rest } = overrides
  return {
    _id: 'call-1',
    uuid: 'room-uuid',
    topic_id: 'topic-1',
    is_video: false,
    status: 'ringing',
    topology: 'p2p',
    started_at: '2026-01-01T10:00:00.000Z',
    answered_at: null,
    ended_at: null,
    ...rest,
    caller: { _id: 'caller-1', name: 'Minh Tran', photo_url: null, ...caller },
  }
}

/** POST call/answer's result for `call`: status 200, or 301 with the room it moved to. */
export function answerOf(call: Call, status: 200 | 301 = 200, movedTo = call._id): CallAnswer {
  return { status, _id: movedTo, call: { ...call, status: 'answered' } }
}
