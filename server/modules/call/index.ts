/**
 * The call module's public face: call/* routes, the call service (the only writer of calls and
 * call_members: the calls' statechart, the 60 s ring timer and every node's sweep) and the rooms of
 * calls over socket.io (ROOM_*), which build.ts installs on the realtime server.
 */
export { callRoutes } from './routes'
export { type CallService, CALL_SWEEP_MS, createCallService } from './service'
export { installCallRooms, ROOM_EVENTS_PER_SECOND } from './room'
export { iceServersFor, turnCredentials } from './ice'
