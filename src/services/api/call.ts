import type { Call, CallAnswer, CallStart } from '../../../contract/call'
import { endpoints } from '../../../contract/endpoints'
import { failingWithMessage } from '../failure'
import { call } from '../http'

/**
 * The call calls (contract/endpoints.ts, tag 'call'). Starting is quiet: the caller's toast says what
 * failed, with the server's message (a refusal such as "only friends may call"). Answering keeps the
 * catalogue's toast off too: the incoming call machine says itself that answering failed.
 */
const quiet = { quiet: true }

/** Who a call rings: one person (their 1:1 chat, made on first use) or everyone else in a topic. */
export type CallTarget = { customer_id: string } | { topic_id: string; group: boolean }

/** A client-made call id (contract clientCallId): a retried start answers the same call. */
export const newCallId = (): string => crypto.randomUUID()

export function startCall(target: CallTarget, isVideo: boolean, callId: string): Promise<CallStart> {
  const work =
    'customer_id' in target
      ? call(endpoints.callCustomer, { customer_id: target.customer_id, is_video: isVideo, call_id: callId }, quiet)
      : target.group
        ? call(endpoints.callTopic, { topic_id: target.topic_id, is_video: isVideo, call_id: callId }, quiet)
        : call(endpoints.callCustomer, { topic_id: target.topic_id, is_video: isVideo, call_id: callId }, quiet)
  return failingWithMessage(work)
}

export const answerCall = (callId: string): Promise<CallAnswer> => call(endpoints.callAnswer, { call_id: callId }, quiet)
export const declineCall = (callId: string): Promise<Call> => call(endpoints.callDecline, { call_id: callId }, quiet)
export const cancelCall = (callId: string): Promise<Call> => call(endpoints.callCancel, { call_id: callId }, quiet)
export const missCall = (callId: string): Promise<Call> => call(endpoints.callMiss, { call_id: callId }, quiet)
export const leaveCall = (callId: string): Promise<Call> => call(endpoints.callOut, { call_id: callId }, quiet)
export const callDetail = (callId: string): Promise<Call> => call(endpoints.callDetail, { call_id: callId }, quiet)
