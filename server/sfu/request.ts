import type { ServerMessageKey, SfuAck, SfuRequest } from '../../contract'
import type { Sfu } from './sfu'

/** The longest session description a participant may send. */
export const SDP_MAX = 64 * 1024
/** The longest feed name (a participant id). */
const FEED_MAX = 200

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max

export interface SfuRequestHooks {
  /** The participant's stream is published under `feed`: the room is told (ROOM_FEED). */
  published(feed: string): void
  /** The participant's streams stopped for an ICE restart (it publishes and subscribes again). */
  restarted?(): void
  /** The answer to a request that is not well formed: the server message saying what it lacks, in the participant's language. */
  invalid(message: ServerMessageKey): SfuAck
}

/**
 * A participant's ROOM_SFU request (publish, subscribe, subscribe-answer, restart) carried out on
 * the SFU, for a socket its room's handler (a group call's or a meeting's) has seated in `roomId`:
 * the ack to send back. Session descriptions are at most SDP_MAX long.
 */
export async function carryOutSfuRequest(
  sfu: Sfu,
  roomId: string,
  participantId: string,
  request: SfuRequest,
  hooks: SfuRequestHooks,
): Promise<SfuAck> {
  switch (request.kind) {
    case 'publish': {
      if (!isText(request.offer, SDP_MAX)) return hooks.invalid('sfuOfferNeeded')
      const { feed, answerSdp } = await sfu.publish(roomId, participantId, request.offer)
      hooks.published(feed)
      return { ok: true, sdp: answerSdp, type: 'answer' }
    }
    case 'subscribe': {
      if (!isText(request.feed, FEED_MAX)) return hooks.invalid('sfuFeedNeeded')
      const { offerSdp } = await sfu.subscribe(roomId, participantId, request.feed)
      return { ok: true, sdp: offerSdp, type: 'offer' }
    }
    case 'subscribe-answer': {
      if (!isText(request.feed, FEED_MAX) || !isText(request.answer, SDP_MAX)) return hooks.invalid('sfuAnswerNeeded')
      await sfu.subscribeAnswer(roomId, participantId, request.feed, request.answer)
      return { ok: true }
    }
    case 'restart':
      await sfu.leave(roomId, participantId)
      hooks.restarted?.()
      return { ok: true }
    default:
      return hooks.invalid('invalidInput')
  }
}
