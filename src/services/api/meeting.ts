import { endpoints } from '../../../contract/endpoints'
import type { CallOpenResult, MeetingCreateBody, MeetingDetail, MeetingHostBody, MeetingJoinBody } from '../../../contract/call'
import { failingWithMessage } from '../failure'
import { call } from '../http'

/**
 * Instant meetings (contract/endpoints.ts call-open/*). Quiet: the dialog, the join screen and the
 * meeting's host controls say themselves what failed, with the server's message (a wrong password,
 * a locked or full meeting).
 */
const quiet = { quiet: true }

export const createMeeting = (body: MeetingCreateBody): Promise<CallOpenResult> => call(endpoints.meetingCreate, body, quiet)

/** GET call-open/detail/{code}. (A path parameter: the client fills the path itself.) */
export const meetingByCode = (code: string): Promise<MeetingDetail> =>
  failingWithMessage(call({ ...endpoints.meetingDetail, path: `call-open/detail/${encodeURIComponent(code)}` }, undefined, quiet))

export const joinMeeting = (body: MeetingJoinBody): Promise<CallOpenResult> => failingWithMessage(call(endpoints.meetingJoin, body, quiet))

/** POST call-open/host with the host's room token (not the session's access token). */
export const hostMeeting = (roomToken: string, body: MeetingHostBody): Promise<MeetingDetail> =>
  failingWithMessage(call(endpoints.meetingHost, body, { ...quiet, token: roomToken }))
