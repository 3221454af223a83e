/**
 * The meeting module's public face: instant meetings (call-open/*), the only writer of `meetings`
 * and `meeting_participants`; its room handler (installMeetingRoom) serves the meetings' socket
 * events, and `admission` checks a room token for the socket handshake.
 */
export { meetingRoutes } from './routes'
export { createMeetingService, type MeetingService } from './service'
export { installMeetingRoom } from './room'
