import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import type { CallStart } from '../../contract/call'
import type { ResponseCallPayload } from '../../contract/socket'
import type { Flag } from '../../contract/common'
import { connect as connectIncoming, incomingCallMachine, type CallAnswerResponse, type IncomingCallProps } from '../machines/incoming-call'
import { connect as connectOutgoing, outgoingCallMachine, type OutgoingCallInput, type OutgoingCallProps } from '../machines/outgoing-call'
import * as calls from './api/call'
import { failureMessage } from './failure'
import { onSocketEvent } from './socket'
import { showToast } from './toast'

/**
 * The calls' runtime: one incomingCall machine per signed-in app (fed the socket's NEW_REQUEST_CALL,
 * RESPONSE_CALL and CLOSE_POPUP_CALL, the route, the sounds setting and whether the user is calling)
 * and one outgoingCall machine per call the user starts (useStartCall), with the call/* endpoints.
 * Both open the room at /room/{uuid}?call={call id}&video={0|1} (the room leaves with call/out by the
 * call's id; a voice call starts with the camera off).
 */

export type { CallTarget } from './api/call'

/** Who the caller rings, as the overlay shows them. */
export interface Callee {
  name: string
  photoUrl: string | null
}

// ---------------------------------------------------------------- the started calls (a tiny store)

interface StartedCall {
  key: string
  input: OutgoingCallInput
}

let started: readonly StartedCall[] = []
let starting = false
const listeners = new Set<() => void>()
const publish = () => listeners.forEach((listener) => listener())
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
const getStarted = () => started
const isCalling = () => started.length > 0 || starting

/**
 * RESPONSE_CALLs heard from the moment a call starts: a callee who answers at once can be heard
 * before the call's overlay (and its own listener) is there, which then takes it from here.
 */
const heard = new Map<string, ResponseCallPayload>()
let stopHearing: (() => void) | null = null

function hearResponses() {
  stopHearing ??= onSocketEvent('RESPONSE_CALL', (response) => heard.set(response.call_id, response))
}

/** Once no call starts or rings, nothing more is kept. */
function forgetResponsesWhenIdle() {
  if (isCalling()) return
  stopHearing?.()
  stopHearing = null
  heard.clear()
}

function addStarted(call: StartedCall) {
  started = [...started, call]
  publish()
}
function removeStarted(key: string) {
  started = started.filter((call) => call.key !== key)
  forgetResponsesWhenIdle()
  publish()
}

/** Tells the caller whose ring was held back (do not disturb, or they muted the chat). */
function reportHeld(result: CallStart) {
  for (const person of result.held)
    showToast({
      tone: 'info',
      text:
        person.reason === 'dnd'
          ? msg`${person.name} is in do not disturb: their phone does not ring.`
          : msg`${person.name} muted this chat: their phone does not ring.`,
    })
}

/**
 * Starts a call: POST call/customer or call/topic with a fresh call id, then the outgoing overlay;
 * tells the caller who was held back; a failed start shows an error notification with the server's
 * reason. A second start while one rings is ignored (the buttons are disabled then).
 */
export async function startCall(target: calls.CallTarget, isVideo: boolean, callee: Callee): Promise<void> {
  if (isCalling()) return
  starting = true
  hearResponses()
  publish()
  try {
    const result = await calls.startCall(target, isVideo, calls.newCallId())
    reportHeld(result)
    if (result.call.status === 'ringing')
      addStarted({ key: result.call._id, input: { call: { _id: result.call._id, uuid: result.call.uuid }, callee, isVideo } })
  } catch (failure) {
    showToast({ tone: 'error', text: failureMessage(failure) })
  } finally {
    starting = false
    forgetResponsesWhenIdle()
    publish()
  }
}

/** Whether a call is being started or rings: the call buttons wait meanwhile. */
export function useIsCalling(): boolean {
  return useSyncExternalStore(subscribe, isCalling, isCalling)
}

/** The call buttons' handler: `start(target, isVideo, callee)`, and whether they wait. */
export function useStartCall() {
  const busy = useIsCalling()
  const start = useCallback((target: calls.CallTarget, isVideo: boolean, callee: Callee) => void startCall(target, isVideo, callee), [])
  return { busy, start }
}

// ---------------------------------------------------------------- the room's address

type OpenRoom = (roomId: string, callId: string, isVideo: boolean) => void

function useOpenRoom(): OpenRoom {
  const navigate = useNavigate()
  return useCallback(
    (roomId: string, callId: string, isVideo: boolean) =>
      void navigate({ to: '/room/$id', params: { id: roomId }, search: { call: callId, video: isVideo ? 1 : 0 } }),
    [navigate],
  )
}

// ---------------------------------------------------------------- the callee's side

const appIncomingCallMachine = incomingCallMachine.provide({
  actors: {
    postCallAnswer: fromPromise<CallAnswerResponse, { call_id: string }>(({ input }) => calls.answerCall(input.call_id)),
    postCallDecline: fromPromise<unknown, { call_id: string }>(({ input }) => calls.declineCall(input.call_id)),
  },
  actions: {
    notifyAnswerFailed: () => void showToast({ tone: 'error', text: msg`Could not answer the call. It may have ended.` }),
  },
})

/**
 * The callee's overlay for the signed-in user: rings on every tab and device of theirs, stops when
 * another one answers or declines (CLOSE_POPUP_CALL) or the call is missed; not while they call or
 * are in a room.
 */
export function useIncomingCall(sounds: Flag): IncomingCallProps {
  const openRoom = useOpenRoom()
  const pathname = useLocation({ select: (location) => location.pathname })
  const machine = useMemo(
    () =>
      appIncomingCallMachine.provide({
        actions: { openRoom: ({ context }, { roomId }) => openRoom(roomId, context.call?._id ?? '', context.call?.is_video ?? false) },
      }),
    [openRoom],
  )
  const actor = useActorRef(machine, { input: { sounds, calling: isCalling(), pathname } })
  const calling = useIsCalling()
  useEffect(() => actor.send({ type: 'ROUTE_CHANGED', pathname }), [actor, pathname])
  useEffect(() => actor.send({ type: 'SOUNDS_CHANGED', sounds }), [actor, sounds])
  useEffect(() => actor.send({ type: 'CALLING_CHANGED', calling }), [actor, calling])
  useEffect(() => {
    const offs = [
      onSocketEvent('NEW_REQUEST_CALL', ({ call, topic_name }) => actor.send({ type: 'NEW_REQUEST_CALL', call: { ...call, topic_name } })),
      onSocketEvent('RESPONSE_CALL', ({ call_id, status }) => actor.send({ type: 'RESPONSE_CALL', call_id, status })),
      onSocketEvent('CLOSE_POPUP_CALL', ({ call_id }) => actor.send({ type: 'CLOSE_POPUP_CALL', call_id })),
    ]
    return () => offs.forEach((off) => off())
  }, [actor])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectIncoming(snapshot, actor.send), [snapshot, actor])
}

// ---------------------------------------------------------------- the caller's side

const appOutgoingCallMachine = outgoingCallMachine.provide({
  actors: {
    postCallCancel: fromPromise<unknown, { call_id: string }>(({ input }) => calls.cancelCall(input.call_id)),
    postCallMiss: fromPromise<unknown, { call_id: string }>(({ input }) => calls.missCall(input.call_id)),
  },
})

/** The calls the user started that still ring (one at most): the layout renders an overlay for each. */
export function useStartedCalls(): readonly { key: string; input: OutgoingCallInput }[] {
  return useSyncExternalStore(subscribe, getStarted, getStarted)
}

/** One started call's overlay: RESPONSE_CALL (also one heard before it listened) answers or closes it; it leaves the store when it is over. */
export function useOutgoingCall(key: string, input: OutgoingCallInput): OutgoingCallProps {
  const openRoom = useOpenRoom()
  const machine = useMemo(
    () =>
      appOutgoingCallMachine.provide({
        actions: { openRoom: ({ context }, { roomId }) => openRoom(roomId, context.call._id, context.isVideo) },
      }),
    [openRoom],
  )
  const actor = useActorRef(machine, { input })
  const callId = input.call._id
  // First: the call leaves the store when its overlay is over (the answer replayed below can end it at once).
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') removeStarted(key)
    })
    if (actor.getSnapshot().status === 'done') removeStarted(key)
    return () => subscription.unsubscribe()
  }, [actor, key])
  useEffect(() => {
    const stop = onSocketEvent('RESPONSE_CALL', ({ call_id, status }) => actor.send({ type: 'RESPONSE_CALL', call_id, status }))
    // An answer that came before this overlay listened (the callee was quicker than its first render).
    const early = heard.get(callId)
    if (early) actor.send({ type: 'RESPONSE_CALL', call_id: early.call_id, status: early.status })
    return stop
  }, [actor, callId])
  const snapshot = useSelector(actor, (s) => s)
  return useMemo(() => connectOutgoing(snapshot, actor.send), [snapshot, actor])
}
