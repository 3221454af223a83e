/**
 * A selective forwarding unit: each participant of a group call or meeting publishes one stream to
 * it and subscribes to everyone else's, so a participant sends one stream whatever the room's size.
 * The Workroom server is its only client (membership and privacy stay in Workroom): the room's
 * socket handler checks who may join, then asks the SFU.
 *
 * Two implementations, the same tests for both: `embedded` (werift, pure TypeScript, in a worker of
 * the server: `npm start` alone holds group calls) and `janus` (the Janus videoroom plugin over its
 * HTTP API, selected by JANUS_URL, which several nodes can share).
 *
 * Session descriptions are complete (ICE candidates gathered before they are sent): no trickle.
 */
export interface Sfu {
  readonly kind: 'embedded' | 'janus'
  /**
   * Publish a participant's stream: their offer in, the SFU's answer out. `feed` names the stream
   * for the others' `subscribe`: it is the participant's id in every implementation, so someone who
   * joins later subscribes to those already in the room by their ids. Publishing again (an ICE
   * restart, a new device) replaces the stream under the same feed.
   */
  publish(roomId: string, participantId: string, offerSdp: string): Promise<{ feed: string; answerSdp: string }>
  /** Subscribe a participant to a feed of the room: the SFU's offer, answered with `subscribeAnswer`. */
  subscribe(roomId: string, participantId: string, feed: string): Promise<{ offerSdp: string }>
  subscribeAnswer(roomId: string, participantId: string, feed: string, answerSdp: string): Promise<void>
  /** The participant's streams, published and subscribed, stop. */
  leave(roomId: string, participantId: string): Promise<void>
  /** Everyone's streams in the room stop and the room is forgotten. */
  closeRoom(roomId: string): Promise<void>
  /** Stop the SFU (the server shuts down). */
  close(): Promise<void>
}
