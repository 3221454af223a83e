import { decodeJwt } from 'jose'
import { DEFAULT_SUPPORT_API_KEY } from '../../contract'
import { clientId, type Person } from './chat-fixtures'
import { type Fixtures, fresh, type Role } from './authorization-fixtures'
import { call, FIXTURE_PASSWORD, REFRESH_COOKIE } from './harness'
import { solvedChallenge } from './booking-fixtures'
import { pngBytes, resultOf, upload, verifiedPerson } from './verified-fixtures'

/**
 * Who may call what: one row per entry of contract/endpoints.ts, the answer each role gets on the
 * matrix's fixture (authorization-fixtures.ts). The expectations are the product's rules, written
 * here from the security review's authorization map (../shared/reviews/security.md, section 2),
 * docs/product-rules.md (Roles and permissions) and the group settings' defaults of contract/topic.ts
 * (everything open to members except removing others) — not read off the server.
 *
 * anonymous: no token. stranger: signed in, in nothing of the fixture. member / admin / owner: their
 * role in the fixture's channel (the owner made it and its topics; the admin is a channel admin, so
 * a topic admin of its groups). Every account has a verified email.
 */
export type Expected = '2xx' | 400 | 401 | 403 | 404

export interface Input {
  query?: Record<string, string>
  params?: Record<string, string>
  body?: unknown
  form?: FormData
  /** Instead of the role's own access token (a fresh session for a logout). */
  token?: string
  /** The Cookie header (the refresh token travels only in its cookie). */
  cookie?: string
}

export interface Row {
  /** The rule, in words. */
  rule: string
  expect: Record<Role, Expected>
  /** The call's input for a role (`who` undefined: anonymous), on the fixture; fresh things where the call uses them up. */
  input(fx: Fixtures, who: Person | undefined, role: Role): Input | Promise<Input>
}

const anyone: Record<Role, Expected> = { anonymous: '2xx', stranger: '2xx', member: '2xx', admin: '2xx', owner: '2xx' }
const signedIn: Record<Role, Expected> = { ...anyone, anonymous: 401 }
const members: Record<Role, Expected> = { ...signedIn, stranger: 403 }
const admins: Record<Role, Expected> = { ...members, member: 403 }
const only = (role: Role): Record<Role, Expected> => ({ anonymous: 401, stranger: 403, member: 403, admin: 403, owner: 403, [role]: '2xx' })

const none = () => ({})
const form = async (fields: Record<string, string>, files = 1) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  for (let i = 0; i < files; i++) f.append('file', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), `p${i}.png`)
  return f
}
/** The role's own account, or the spare one for the anonymous caller. */
const accountOf = (fx: Fixtures, who: Person | undefined) => who ?? { email: fx.spare.email, password: FIXTURE_PASSWORD }

export const AUTHORIZATION: Record<string, Row> = {
  health: { rule: 'public', expect: anyone, input: none },

  // auth: public; a token, if any, changes nothing
  register: {
    rule: 'public',
    expect: anyone,
    input: () => ({ body: { name: 'Newcomer', email: fresh.email(), password: FIXTURE_PASSWORD } }),
  },
  login: {
    rule: 'public (own credentials)',
    expect: anyone,
    input: (fx, who) => ({ body: { email: accountOf(fx, who).email, password: FIXTURE_PASSWORD } }),
  },
  refreshToken: {
    rule: 'public: the refresh token is the credential',
    expect: anyone,
    input: async (fx, who) => ({
      body: {},
      cookie: `${REFRESH_COOKIE}=${encodeURIComponent((await fresh.session(fx, accountOf(fx, who))).refresh_token)}`,
    }),
  },
  verifyEmail: {
    rule: 'public: the emailed code is the credential',
    expect: anyone,
    input: async (fx) => ({ body: await fresh.unverified(fx) }),
  },
  resendCode: { rule: 'public, always {sent: true}', expect: anyone, input: () => ({ body: { email: fresh.email() } }) },
  forgotPassword: { rule: 'public, always {sent: true}', expect: anyone, input: () => ({ body: { email: fresh.email() } }) },
  resetPassword: {
    rule: 'public: the emailed code is the credential',
    expect: anyone,
    input: async (fx) => ({ body: { ...(await fresh.resetting(fx)), password: 'Harbor-Quill-5820' } }),
  },
  logout: {
    rule: 'signed in; ends the own session',
    expect: signedIn,
    input: async (fx, who) => (who ? { body: {}, token: (await fresh.session(fx, who)).access_token } : { body: {} }),
  },

  // customer: the caller's own row
  userInfo: { rule: 'own row', expect: signedIn, input: none },
  updateProfile: { rule: 'own row', expect: signedIn, input: () => ({ body: { sounds: 1 } }) },
  avatar: { rule: 'own row', expect: signedIn, input: async () => ({ form: await form({}) }) },
  skipTutorial: { rule: 'own row', expect: signedIn, input: none },
  useFor: { rule: 'own row', expect: signedIn, input: () => ({ body: { use_for: 'business' } }) },
  startWith: { rule: 'own row', expect: signedIn, input: () => ({ body: { start_with: 'Acme' } }) },
  currentChannel: {
    rule: 'own row; the channel must be one of the caller’s',
    expect: members,
    input: (fx) => ({ body: { channel_id: fx.channelId } }),
  },
  updateFcmToken: {
    rule: 'own devices',
    expect: signedIn,
    input: () => ({
      body: {
        fcm_token: JSON.stringify({
          endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
          keys: { p256dh: 'BPk', auth: 'au' },
        }),
      },
    }),
  },
  updateLanguage: { rule: 'own row', expect: signedIn, input: () => ({ body: { language: 'en' } }) },

  // notify: the caller's own notifications
  notify: { rule: 'own rows', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  notifyCount: { rule: 'own rows', expect: signedIn, input: none },
  notifySeen: {
    rule: 'the notification’s owner, else 403',
    expect: only('member'),
    input: (fx) => ({ body: { notify_id: fx.memberNotificationId } }),
  },
  notifySeenAll: { rule: 'own rows', expect: signedIn, input: none },
  // notifications (browser push)
  pushKey: { rule: 'public: the VAPID public key', expect: anyone, input: none },

  // channel
  channelInfo: {
    rule: 'a channel’s card is public by id (roles only for members)',
    expect: anyone,
    input: (fx) => ({ query: { channel_id: fx.channelId } }),
  },
  channelList: { rule: 'any signed-in user searches public channels', expect: signedIn, input: () => ({ query: { keyword: 'Team' } }) },
  channelCreate: {
    rule: 'any signed-in user (plan quota); the creator is owner',
    expect: signedIn,
    input: () => ({ body: { name: 'Another', is_public: true } }),
  },
  myChannel: { rule: 'own memberships', expect: signedIn, input: none },
  channelPage: { rule: 'channel members', expect: members, input: (fx) => ({ query: { channel_id: fx.channelId } }) },
  channelJoin: {
    rule: 'any signed-in user joins a public channel',
    expect: signedIn,
    input: (fx) => ({ body: { channel_id: fx.openChannelId } }),
  },
  channelRole: {
    rule: 'channel admins and the owner (never their own role or the owner’s)',
    expect: admins,
    input: (fx) => ({ body: { channel_id: fx.channelId, customer_id: fx.extra.user._id, role: 20 } }),
  },
  channelMemberRemove: {
    rule: 'channel admins remove members, the owner anyone but themselves (never the owner)',
    expect: admins,
    input: async (fx) => ({ body: { channel_id: fx.channelId, customer_id: (await fresh.member(fx)).user._id } }),
  },
  channelLeave: {
    rule: 'channel members and admins leave; the owner cannot (ownership does not move)',
    expect: { anonymous: 401, stranger: 403, member: '2xx', admin: '2xx', owner: 403 },
    // A member or admin of their own, so that the fixture's people stay in the channel for the other rows.
    input: async (fx, _who, role) => ({
      body: { channel_id: fx.channelId },
      ...(role === 'member' && { token: (await fresh.member(fx)).access_token }),
      ...(role === 'admin' && { token: (await fresh.admin(fx)).access_token }),
    }),
  },
  channelLabels: { rule: 'channel members', expect: members, input: (fx) => ({ query: { channel_id: fx.channelId } }) },
  channelLabelAdd: {
    rule: 'channel admins',
    expect: admins,
    input: (fx, _who, role) => ({ body: { channel_id: fx.channelId, name: `By ${role}` } }),
  },
  channelLabelDelete: {
    rule: 'admins of the label’s channel',
    expect: admins,
    input: async (fx) => ({ body: { label_id: await fresh.label(fx) } }),
  },
  suggestDescription: { rule: 'any signed-in user', expect: signedIn, input: () => ({ body: { description: 'A team that ships' } }) },

  // topic
  topicRecent: { rule: 'own topics', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  topicInChannel: { rule: 'channel members', expect: members, input: (fx) => ({ query: { channel_id: fx.channelId } }) },
  channelTopic: { rule: 'channel members', expect: members, input: (fx) => ({ query: { channel_id: fx.channelId } }) },
  channelPin: { rule: 'own topics', expect: signedIn, input: none },
  topicInfo: { rule: 'topic members', expect: members, input: (fx) => ({ query: { topic_id: fx.generalId } }) },
  topicChatFriend: {
    rule: 'any signed-in user, with anyone who allows chats',
    expect: signedIn,
    input: (fx) => ({ query: { customer_id: fx.host.user._id } }),
  },
  addTopic: { rule: 'channel members', expect: members, input: (fx) => ({ body: { channel_id: fx.channelId, name: 'Side' } }) },
  topicMemberAdd: {
    rule: 'topic members (add_member open by default); invitees are channel members',
    expect: members,
    input: async (fx) => ({ body: { topic_id: fx.groupId, customer_ids: [(await fresh.member(fx)).user._id] } }),
  },
  topicMemberRemove: {
    rule: 'removing someone else: topic admins (remove_member is admin-only by default)',
    expect: admins,
    input: async (fx) => ({ body: { topic_id: fx.groupId, customer_id: (await fresh.groupMember(fx)).user._id } }),
  },
  topicRename: {
    rule: 'topic members (edit_name open by default)',
    expect: members,
    input: (fx) => ({ body: { topic_id: fx.generalId, name: 'General' } }),
  },
  topicImage: {
    rule: 'topic members (edit_image open by default)',
    expect: members,
    input: (fx) => ({ body: { topic_id: fx.generalId, file_id: null } }),
  },
  topicPermission: { rule: 'topic admins', expect: admins, input: (fx) => ({ body: { topic_id: fx.generalId, permission: { poll: 0 } } }) },
  topicLabel: {
    rule: 'topic admins; a label of the same channel',
    expect: admins,
    input: (fx) => ({ body: { topic_id: fx.generalId, label_id: fx.labelId } }),
  },
  topicPin: { rule: 'topic members (own view)', expect: members, input: (fx) => ({ body: { topic_id: fx.generalId } }) },
  topicUnpin: { rule: 'topic members (own view)', expect: members, input: (fx) => ({ body: { topic_id: fx.generalId } }) },
  topicHide: { rule: 'topic members (own view)', expect: members, input: (fx) => ({ body: { topic_id: fx.generalId } }) },
  topicUnhide: { rule: 'topic members (own view)', expect: members, input: (fx) => ({ body: { topic_id: fx.generalId } }) },
  topicHidden: { rule: 'own topics', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  channelSeen: { rule: 'own topics', expect: signedIn, input: none },
  topicSeen: { rule: 'topic members (own view)', expect: members, input: (fx) => ({ body: { topic_id: fx.generalId, is_seen: 1 } }) },

  // message
  messageSend: {
    rule: 'topic members (send_message open by default)',
    expect: members,
    input: (fx) => ({ body: { client_id: clientId(), topic_id: fx.generalId, message: 'hi' } }),
  },
  topicMessages: { rule: 'topic members', expect: members, input: (fx) => ({ query: { topic_id: fx.generalId } }) },
  topicPinned: { rule: 'topic members', expect: members, input: (fx) => ({ query: { topic_id: fx.generalId } }) },
  messageEdit: {
    rule: 'the sender only',
    expect: only('member'),
    input: (fx) => ({ body: { message_id: fx.memberMessageId, message: 'edited' } }),
  },
  messageDelete: {
    rule: 'the sender or a topic admin',
    expect: members,
    input: async (fx) => ({ body: { message_id: await fresh.memberMessage(fx) } }),
  },
  messageForward: {
    rule: 'a member of the source topic, who may send in each target',
    expect: members,
    input: (fx) => ({ body: { message_id: fx.memberMessageId, topic_ids: [fx.generalId] } }),
  },
  messagePin: {
    rule: 'topic members (pin_message open by default)',
    expect: members,
    input: (fx) => ({ body: { message_id: fx.memberMessageId, is_pin: 1 } }),
  },
  messageHistory: {
    rule: 'whoever can read the message: its topic’s members',
    expect: members,
    input: (fx) => ({ query: { message_id: fx.memberMessageId } }),
  },
  messageRemovePreview: {
    rule: 'the sender only (who may still write there)',
    expect: only('member'),
    input: (fx) => ({ body: { message_id: fx.memberMessageId } }),
  },

  // media
  mediaAccess: {
    rule: 'public: the media token of a reader still in the topic is the credential',
    expect: anyone,
    input: (fx) => ({ query: fx.memberFileAccess }),
  },
  mediaPublic: { rule: 'public uploads are public', expect: anyone, input: (fx) => ({ params: { key: fx.publicKey } }) },
  mediaUpload: {
    rule: 'a private upload: topic members',
    expect: members,
    input: async (fx) => ({ form: await form({ topic_id: fx.generalId }) }),
  },
  mediaUploads: {
    rule: 'private uploads: topic members',
    expect: members,
    input: async (fx) => ({ form: await form({ topic_id: fx.generalId }, 2) }),
  },
  mediaCancelUpload: {
    rule: 'the uploader, while no message uses it',
    expect: only('member'),
    input: async (fx) => ({ query: { media_id: await fresh.memberUpload(fx) } }),
  },
  mediaStorage: { rule: 'channel members', expect: members, input: (fx) => ({ query: { channel_id: fx.channelId } }) },
  mediaTrash: {
    rule: 'the uploader or an admin of the file’s channel',
    expect: members,
    input: async (fx) => ({ body: { media_id: await fresh.memberUpload(fx) } }),
  },
  mediaRestore: {
    rule: 'the uploader or an admin of the file’s channel',
    expect: members,
    input: async (fx) => ({ body: { media_id: await fresh.memberTrashedUpload(fx) } }),
  },
  mediaPurge: {
    rule: 'the uploader or an admin of the file’s channel',
    expect: members,
    input: async (fx) => ({ body: { media_id: await fresh.memberUpload(fx) } }),
  },

  // relates: the caller's own friendships and blocks; anyone signed in may ask anyone who has not blocked them
  personLookup: {
    rule: 'any signed-in user looks a person up by workid',
    expect: signedIn,
    input: (fx) => ({ query: { workid: fx.host.user.workid } }),
  },
  addFriend: {
    rule: 'any signed-in user (not someone who blocked them); idempotent',
    expect: signedIn,
    input: (fx) => ({ body: { customer_id: fx.host.user._id } }),
  },
  cancelFriend: { rule: 'own request; none is no error', expect: signedIn, input: (fx) => ({ body: { customer_id: fx.host.user._id } }) },
  acceptFriend: {
    rule: 'a request addressed to the caller',
    expect: signedIn,
    input: async (fx, who) => ({ body: { customer_id: await askerOf(fx, who) } }),
  },
  rejectFriend: {
    rule: 'a request addressed to the caller; none is no error',
    expect: signedIn,
    input: async (fx, who) => ({ body: { customer_id: await askerOf(fx, who) } }),
  },
  unfriend: { rule: 'own friendship; none is no error', expect: signedIn, input: (fx) => ({ body: { customer_id: fx.extra.user._id } }) },
  blockPerson: { rule: 'own blocks', expect: signedIn, input: (fx) => ({ body: { customer_id: fx.extra.user._id } }) },
  unblockPerson: { rule: 'own blocks', expect: signedIn, input: (fx) => ({ body: { customer_id: fx.extra.user._id } }) },
  friendRequests: { rule: 'own rows', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  blockedPeople: { rule: 'own rows', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  listFriends: { rule: 'own rows', expect: signedIn, input: () => ({ query: { status: '2' } }) },
  contactList: { rule: 'own rows', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  archiveFriend: {
    rule: 'own friendships: a friend of the caller (the mark is the caller’s own)',
    expect: signedIn,
    input: async (fx, who) => ({ body: { customer_id: await friendOf(fx, who) } }),
  },
  unarchiveFriend: {
    rule: 'own friendships; not archived is no error',
    expect: signedIn,
    input: async (fx, who) => ({ body: { customer_id: await friendOf(fx, who, { archived: true }) } }),
  },
  archivedFriends: { rule: 'own rows', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  // search
  superSearch: {
    rule: 'signed in; answers only what the caller may see',
    expect: signedIn,
    input: () => ({ query: { keyword: 'general' } }),
  },
  messageSearch: {
    rule: 'topic members (without topic_id: the caller’s own topics)',
    expect: members,
    input: (fx) => ({ query: { keyword: 'hello', topic_id: fx.generalId } }),
  },
  // attention: the caller's own settings; a topic's only for its members; someone's DND only for who shares a topic with them
  attentionSettings: { rule: 'own settings', expect: signedIn, input: none },
  attentionUpdate: { rule: 'own settings', expect: signedIn, input: () => ({ body: { keywords: ['deploy'] } }) },
  attentionDnd: { rule: 'own settings', expect: signedIn, input: () => ({ body: { for: 'off' } }) },
  attentionTopic: {
    rule: 'topic members (own view)',
    expect: members,
    input: (fx) => ({ body: { topic_id: fx.generalId, level: 'mentions' } }),
  },
  attentionPerson: {
    rule: 'people who share a topic with them',
    expect: members,
    input: (fx) => ({ query: { customer_id: fx.extra.user._id } }),
  },
  attentionNotifyAnyway: {
    rule: 'topic members, about their own latest message',
    expect: members,
    input: async (fx, who) => {
      if (who) await who.api('POST', 'message/send', { client_id: clientId(), topic_id: fx.generalId, message: 'urgent' })
      return { body: { topic_id: fx.generalId } }
    },
  },
  attentionUnsubscribe: {
    rule: 'public: the signed token of the email’s link is the credential',
    expect: anyone,
    input: (fx) => ({ body: { token: fx.server.services.attention.unsubscribeToken(fx.extra.user._id) } }),
  },
  // pages: sessions (/log), storage summary and trash, support chat
  sessionList: { rule: 'own sessions', expect: signedIn, input: none },
  sessionRevoke: {
    rule: 'one of the caller’s own sessions (someone else’s is 404)',
    expect: signedIn,
    input: async (fx, who) => ({ body: { session_id: who ? decodeJwt((await fresh.session(fx, who)).access_token).sid : 'none' } }),
  },
  sessionRevokeOthers: { rule: 'own sessions but the calling one', expect: signedIn, input: none },
  storageSummary: { rule: 'own files', expect: signedIn, input: none },
  myTrash: { rule: 'own trashed files', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  supportChat: {
    rule: 'the caller’s own support chat, with the desk’s key',
    expect: signedIn,
    input: (_fx, who) => ({ query: { api_key: DEFAULT_SUPPORT_API_KEY, customer_id: who?.user._id ?? 'anyone' } }),
  },
  // instant meetings: guests too; the room token (not an account) steers the room
  meetingCreate: {
    rule: 'anyone (guests too); the creator hosts it',
    expect: anyone,
    input: () => ({ body: { room_name: 'Quick sync', name: 'Starter', password: '' } }),
  },
  meetingDetail: {
    rule: 'anyone with the code',
    expect: anyone,
    input: async (fx) => ({ params: { code: (await meeting(fx)).code } }),
  },
  meetingJoin: {
    rule: 'anyone with the code (and the password of a private meeting)',
    expect: anyone,
    input: async (fx) => ({ body: { code: (await meeting(fx, 'pass phrase')).code, name: 'Joiner', password: 'pass phrase' } }),
  },
  meetingHost: {
    rule: 'the host’s room token of that meeting only (an access token is no room token; a participant’s or another host’s token is refused)',
    expect: { anonymous: 401, stranger: 401, member: 403, admin: 403, owner: '2xx' },
    input: async (fx, _who, role) => {
      const target = await meeting(fx)
      const token =
        role === 'owner'
          ? target.jwt
          : role === 'member'
            ? (await meetingCall(fx, 'call-open/join', { code: target.code, name: 'Member', password: '' })).jwt
            : role === 'admin'
              ? (await meeting(fx)).jwt
              : undefined
      return { body: { meeting_id: target._id, action: 'lock', locked: true }, ...(token && { token }) }
    },
  },
  // calls: a topic's members (the group's call setting is open by default); a call's callee answers, declines; its caller cancels
  callTopic: {
    rule: 'topic members (admins only where the group restricts calls)',
    expect: members,
    input: (fx) => ({ body: { topic_id: fx.groupId, is_video: false, call_id: `c-${clientId()}` } }),
  },
  callCustomer: {
    rule: 'signed in; the callee’s call policy (blocks, only_friend_call)',
    expect: signedIn,
    input: (fx) => ({ body: { customer_id: fx.host.user._id, is_video: false, call_id: `c-${clientId()}` } }),
  },
  callAnswer: { rule: 'a callee of the call', expect: members, input: async (fx, who) => ({ body: { call_id: await ringing(fx, who) } }) },
  callDecline: { rule: 'a callee of the call', expect: members, input: async (fx, who) => ({ body: { call_id: await ringing(fx, who) } }) },
  callCancel: {
    rule: 'the call’s caller',
    expect: members,
    input: async (fx, who) => ({ body: { call_id: await ringing(fx, who, { asCaller: true }) } }),
  },
  callMiss: {
    rule: 'the call’s caller or a callee',
    expect: members,
    input: async (fx, who) => ({ body: { call_id: await ringing(fx, who) } }),
  },
  callOut: {
    rule: 'members of the call’s topic',
    expect: members,
    input: async (fx, who) => ({ body: { call_id: await ringing(fx, who) } }),
  },
  callDetail: {
    rule: 'members of the call’s topic',
    expect: members,
    input: async (fx, who) => ({ query: { call_id: await ringing(fx, who) } }),
  },
  // polls: a topic's members (the group's poll setting is open by default); a poll of a topic the caller is not in is not there (404)
  voteCreate: {
    rule: 'topic members who may write there (admins only where the group restricts polls)',
    expect: members,
    input: (fx) => ({ body: { client_id: clientId(), topic_id: fx.groupId, question: 'Lunch?', options: ['Pho', 'Com'] } }),
  },
  voteOption: {
    rule: 'members of the poll’s topic (anyone else: 404)',
    expect: { ...signedIn, stranger: 404 },
    input: async (fx) => {
      const target = await poll(fx)
      return { body: { poll_id: target._id, option_ids: [target.options[0]!._id] } }
    },
  },
  voteNewOption: {
    rule: 'members of the poll’s topic, where the poll takes new options (anyone else: 404)',
    expect: { ...signedIn, stranger: 404 },
    input: async (fx) => ({ body: { poll_id: (await poll(fx))._id, text: 'Bun cha' } }),
  },
  voteLock: {
    rule: 'the poll’s creator (the owner here) or a topic admin; anyone not in its topic: 404',
    expect: { ...admins, stranger: 404 },
    input: async (fx) => ({ body: { poll_id: (await poll(fx))._id } }),
  },
  voteInfo: {
    rule: 'members of the poll’s topic (anyone else: 404)',
    expect: { ...signedIn, stranger: 404 },
    input: async (fx) => ({ query: { poll_id: (await poll(fx))._id } }),
  },
  // drafts: the caller's own, in chats they are in (a stranger 403)
  draftGet: { rule: 'members of the topic (their own draft)', expect: members, input: (fx) => ({ query: { topic_id: fx.groupId } }) },
  draftList: { rule: 'signed in (their own drafts)', expect: signedIn, input: none },
  draftSave: {
    rule: 'members of the topic (their own draft)',
    expect: members,
    input: (fx) => ({ body: { topic_id: fx.groupId, text: 'Half a thought' } }),
  },
  // threads: members of the root's topic (a stranger 403); a reply goes through messageSend
  threadMessages: {
    rule: 'members of the root message’s topic',
    expect: members,
    input: (fx) => ({ query: { root_id: fx.memberMessageId } }),
  },
  threadList: { rule: 'signed in (their own followed threads)', expect: signedIn, input: none },
  threadFollow: {
    rule: 'members of the root message’s topic',
    expect: members,
    input: (fx) => ({ body: { root_id: fx.memberMessageId, follow: true } }),
  },
  threadRead: {
    rule: 'members of the root message’s topic',
    expect: members,
    input: (fx) => ({ body: { root_id: fx.memberMessageId } }),
  },
  // reactions: members of the message's topic; a channel's custom emoji: its members see them, its admins add and delete them
  reactionAdd: {
    rule: 'members of the message’s topic (a stranger 403)',
    expect: members,
    input: (fx) => ({ body: { message_id: fx.memberMessageId, emoji: '👍' } }),
  },
  reactionRemove: {
    rule: 'members of the message’s topic (a stranger 403)',
    expect: members,
    input: (fx) => ({ body: { message_id: fx.memberMessageId, emoji: '👍' } }),
  },
  reactionList: {
    rule: 'members of the message’s topic (a stranger 403)',
    expect: members,
    input: (fx) => ({ query: { message_id: fx.memberMessageId } }),
  },
  emojiCustom: {
    rule: 'members of the channel',
    expect: members,
    input: (fx) => ({ query: { channel_id: fx.channelId } }),
  },
  emojiCreate: {
    rule: 'channel admins (their own public image upload)',
    expect: admins,
    input: async (fx, who, role) => ({
      body: { channel_id: fx.channelId, shortcode: `by_${role}_${crypto.randomUUID().slice(0, 8)}`, media_id: await publicImage(fx, who) },
    }),
  },
  emojiDelete: {
    rule: 'admins of the emoji’s channel',
    expect: admins,
    input: async (fx) => ({ body: { emoji_id: await customEmoji(fx) } }),
  },
  // presence: anyone signed in asks about people (those they may not see are left out of the answer); a chat's receipts are its members'
  presenceOf: {
    rule: 'anyone signed in; only the people they may see (friends, people in a chat with them) are answered',
    expect: signedIn,
    input: (fx) => ({ body: { user_ids: [fx.people.owner.user._id] } }),
  },
  statusSet: {
    rule: 'anyone signed in, their own status',
    expect: signedIn,
    input: () => ({ body: { emoji: '🌴', text: 'On holiday', expires_at: null } }),
  },
  statusClear: { rule: 'anyone signed in, their own status', expect: signedIn, input: () => ({ body: {} }) },
  receipts: {
    rule: 'members of the chat',
    expect: members,
    input: (fx) => ({ query: { topic_id: fx.generalId } }),
  },
  // to-dos: anyone signed in keeps personal ones; a chat's to-dos are its members' (a to-do of a chat the caller is not in: 404)
  todoCreate: {
    rule: 'members of the chat it is made in (a personal one: anyone signed in)',
    expect: members,
    input: (fx) => ({ body: { client_id: clientId(), title: 'Book the room', topic_id: fx.groupId } }),
  },
  todoUpdate: {
    rule: 'the to-do’s creator (the owner here) or a topic admin; another member 403; anyone not in its chat: 404',
    expect: { ...admins, stranger: 404 },
    input: async (fx) => ({ body: { todo_id: await todo(fx), title: 'Book the big room' } }),
  },
  todoDelete: {
    rule: 'the to-do’s creator (the owner here) or a topic admin; another member 403; anyone not in its chat: 404',
    expect: { ...admins, stranger: 404 },
    input: async (fx) => ({ body: { todo_id: await todo(fx) } }),
  },
  todoInfo: {
    rule: 'members of the to-do’s chat (anyone else: 404)',
    expect: { ...signedIn, stranger: 404 },
    input: async (fx) => ({ query: { todo_id: await todo(fx) } }),
  },
  todoList: { rule: 'signed in (the caller’s own to-dos)', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  todoTopic: {
    rule: 'members of the chat',
    expect: members,
    input: (fx) => ({ query: { topic_id: fx.groupId } }),
  },
  // calendar: a personal reminder is its creator's, a group reminder its chat's members' (changed by its creator or the
  // chat's admins), a task its creator's, assignees' and chat's members'; the feed file is public (its token is the credential)
  // saved messages: each person's own list; saving needs read access to the message
  savedAdd: {
    rule: 'members of the message’s chat (anyone else: 403)',
    expect: members,
    input: (fx) => ({ body: { message_id: fx.memberMessageId } }),
  },
  savedRemove: {
    rule: 'the caller’s own list; a message they did not save must be one they can read (a stranger: 403)',
    expect: members,
    input: (fx) => ({ body: { message_id: fx.memberMessageId } }),
  },
  savedList: { rule: 'signed in (the caller’s own list)', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  savedInTopic: { rule: 'members of the chat', expect: members, input: (fx) => ({ query: { topic_id: fx.groupId } }) },
  // scheduled messages: made in a chat the caller may write in; each is its author's alone (anyone else: 404)
  scheduledCreate: {
    rule: 'members of the chat who may write there',
    expect: members,
    input: (fx) => ({ body: { client_id: clientId(), topic_id: fx.groupId, message: 'Later', send_at: inDaysFromNow(1) } }),
  },
  scheduledUpdate: {
    rule: 'its author (the owner here); anyone else: 404',
    expect: { anonymous: 401, stranger: 404, member: 404, admin: 404, owner: '2xx' },
    input: async (fx) => ({ body: { scheduled_id: await scheduledOf(fx), message: 'Changed' } }),
  },
  scheduledCancel: {
    rule: 'its author (the owner here); anyone else: 404',
    expect: { anonymous: 401, stranger: 404, member: 404, admin: 404, owner: '2xx' },
    input: async (fx) => ({ body: { scheduled_id: await scheduledOf(fx) } }),
  },
  scheduledSendNow: {
    rule: 'its author (the owner here); anyone else: 404',
    expect: { anonymous: 401, stranger: 404, member: 404, admin: 404, owner: '2xx' },
    input: async (fx) => ({ body: { scheduled_id: await scheduledOf(fx) } }),
  },
  scheduledList: { rule: 'signed in (the caller’s own)', expect: signedIn, input: () => ({ query: { page: '1' } }) },
  calendarCreate: {
    rule: 'a group reminder: members of the chat (a personal one: anyone signed in)',
    expect: members,
    input: (fx) => ({
      body: { client_id: clientId(), kind: 'reminder', title: 'Retro', topic_id: fx.groupId, start: inDaysFromNow(1), time_zone: 'UTC' },
    }),
  },
  calendarUpdate: {
    rule: 'a group reminder’s creator (the owner here) or the chat’s admins; another member 403; anyone not in its chat: 404',
    expect: { ...admins, stranger: 404 },
    input: async (fx) => ({ body: { event_id: (await groupReminder(fx))._id, title: 'Renamed' } }),
  },
  calendarStatus: {
    rule: 'a task’s assignee (the member here, rejecting) or its creator (the owner, canceling); another member 403; anyone not in its chat: 404',
    expect: { anonymous: 401, stranger: 404, member: '2xx', admin: 403, owner: '2xx' },
    input: async (fx) => ({ body: { event_id: await calendarTask(fx), status: 'cancel' } }),
  },
  calendarException: {
    rule: 'as calendar/update: the creator (the owner here) or the chat’s admins; another member 403; anyone not in its chat: 404',
    expect: { ...admins, stranger: 404 },
    input: async (fx) => {
      const event = await groupReminder(fx, 'FREQ=WEEKLY;COUNT=3')
      return { body: { event_id: event._id, occurrence: event.start, action: 'skip' } }
    },
  },
  calendarDelete: {
    rule: 'as calendar/update: the creator (the owner here) or the chat’s admins; another member 403; anyone not in its chat: 404',
    expect: { ...admins, stranger: 404 },
    input: async (fx) => ({ body: { event_id: (await groupReminder(fx))._id } }),
  },
  calendarInfo: {
    rule: 'a group reminder: members of its chat (anyone else: 404)',
    expect: { ...signedIn, stranger: 404 },
    input: async (fx) => ({ query: { event_id: (await groupReminder(fx))._id } }),
  },
  calendarList: {
    rule: 'signed in (the events the caller sees)',
    expect: signedIn,
    input: () => ({ query: { from: inDaysFromNow(0), to: inDaysFromNow(7) } }),
  },
  calendarIcs: {
    rule: 'a group reminder: members of its chat (anyone else: 404)',
    expect: { ...signedIn, stranger: 404 },
    input: async (fx) => ({ query: { event_id: (await groupReminder(fx))._id } }),
  },
  calendarFeed: { rule: 'signed in (the caller’s own feed)', expect: signedIn, input: none },
  calendarFeedReset: { rule: 'signed in (the caller’s own feed)', expect: signedIn, input: () => ({ body: {} }) },
  calendarFeedFile: {
    rule: 'public: the token in the path is the credential',
    expect: anyone,
    input: async (fx) => ({ params: { token: await feedToken(fx) } }),
  },
  // booking pages: a page is its owner's (public by id, so others 403); a booking its owner's and its
  // signed-in booker's (the member here; anyone else 404); the public page, free times, puzzles and requests anyone's
  bookingPageCreate: { rule: 'signed in (the caller’s own page)', expect: signedIn, input: () => ({ body: bookingPageFields() }) },
  bookingPageUpdate: {
    rule: 'the page’s owner (others 403: a page is public by id)',
    expect: only('owner'),
    input: async (fx) => ({ body: { page_id: await bookingPageOf(fx), title: 'Renamed' } }),
  },
  bookingPageDelete: {
    rule: 'the page’s owner (others 403)',
    expect: only('owner'),
    input: async (fx) => ({ body: { page_id: await bookingPageOf(fx) } }),
  },
  bookingPage: {
    rule: 'the page’s owner (others 403)',
    expect: only('owner'),
    input: async (fx) => ({ query: { page_id: await bookingPageOf(fx) } }),
  },
  bookingPages: { rule: 'signed in (the caller’s own pages)', expect: signedIn, input: none },
  bookingPublic: { rule: 'public', expect: anyone, input: async (fx) => ({ query: { page_id: await bookingPageOf(fx) } }) },
  bookingSlots: {
    rule: 'public',
    expect: anyone,
    input: async (fx) => ({ query: { page_id: await bookingPageOf(fx), from: new Date().toISOString(), to: inDays(7) } }),
  },
  bookingChallenge: { rule: 'public', expect: anyone, input: none },
  bookingRequest: {
    rule: 'public: a guest (name and email) or signed in, with a solved proof of work',
    expect: anyone,
    input: async (fx) => {
      const page = await bookingPageOf(fx)
      return { body: { ...(await bookingRequestOf(fx, page)), name: 'Guest', email: fresh.email() } }
    },
  },
  bookingDecide: {
    rule: 'the page’s owner; its signed-in booker (the member) 403; anyone else 404',
    expect: { anonymous: 401, stranger: 404, member: 403, admin: 404, owner: '2xx' },
    input: async (fx) => ({ body: { booking_id: (await bookingBy(fx, fx.people.member)).booking._id, decision: 'approve' } }),
  },
  bookingCancel: {
    rule: 'the page’s owner or its signed-in booker (the member); anyone else 404',
    expect: { anonymous: 401, stranger: 404, member: '2xx', admin: 404, owner: '2xx' },
    input: async (fx) => ({ body: { booking_id: (await bookingBy(fx, fx.people.member)).booking._id } }),
  },
  bookingCancelGuest: {
    rule: 'public: the guest’s cancel secret is the credential',
    expect: anyone,
    input: async (fx) => {
      const made = await bookingBy(fx)
      return { body: { booking_id: made.booking._id, token: made.cancel_token } }
    },
  },
  bookingInfo: {
    rule: 'the page’s owner or its signed-in booker (the member); anyone else 404',
    expect: { anonymous: 401, stranger: 404, member: '2xx', admin: 404, owner: '2xx' },
    input: async (fx) => ({ query: { booking_id: (await bookingBy(fx, fx.people.member)).booking._id } }),
  },
  bookingList: { rule: 'signed in (the caller’s own bookings)', expect: signedIn, input: () => ({ query: { role: 'booker' } }) },
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
/** A booking page's fields: UTC, every day 08:00-20:00, 30 minutes each, no notice (the matrix runs on the real clock). */
const bookingPageFields = () => ({
  client_id: clientId(),
  title: 'Office hours',
  time_zone: 'UTC',
  min_notice_minutes: 0,
  availability: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
})

/** A new booking page of the owner's. */
async function bookingPageOf(fx: Fixtures): Promise<string> {
  return resultOf('booking/page-create', await fx.people.owner.api('POST', 'booking/page-create', bookingPageFields()))._id as string
}

/** A request's body for the page's first free time, with a solved proof of work. */
async function bookingRequestOf(fx: Fixtures, pageId: string) {
  const slots = resultOf(
    'booking/slots',
    await call(
      fx.server.url,
      'GET',
      `/api/booking/slots?${new URLSearchParams({ page_id: pageId, from: new Date().toISOString(), to: inDays(7) })}`,
    ),
  ) as { slots: { start: string }[] }
  return { page_id: pageId, client_id: clientId(), start: slots.slots[0]!.start, challenge: await solvedChallenge(fx.server.url) }
}

/** A new requested booking on a new page of the owner's: by `who` signed in, or by a guest (with its cancel secret). */
async function bookingBy(fx: Fixtures, who?: Person): Promise<{ booking: { _id: string }; cancel_token: string | null }> {
  const body = await bookingRequestOf(fx, await bookingPageOf(fx))
  const res = who
    ? await who.api('POST', 'booking/request', body)
    : await call(fx.server.url, 'POST', '/api/booking/request', { body: { ...body, name: 'Guest', email: fresh.email() } })
  return resultOf('booking/request', res) as { booking: { _id: string }; cancel_token: string | null }
}

/** An ISO time `days` from now (the matrix runs on the real clock). */
const inDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

/** A new group reminder of the owner's in the fixture's group (the owner, the admin and the member are in it), a day ahead. */
async function groupReminder(fx: Fixtures, rrule: string | null = null): Promise<{ _id: string; start: string }> {
  const created = await fx.people.owner.api('POST', 'calendar/create', {
    client_id: clientId(),
    kind: 'reminder',
    title: 'Retro',
    topic_id: fx.groupId,
    start: inDaysFromNow(1),
    time_zone: 'UTC',
    rrule,
  })
  return resultOf('calendar/create', created) as { _id: string; start: string }
}

/** A new task of the owner's in the fixture's group, assigned to the member (pending). */
async function calendarTask(fx: Fixtures): Promise<string> {
  const created = await fx.people.owner.api('POST', 'calendar/create', {
    client_id: clientId(),
    kind: 'task',
    title: 'Slides',
    topic_id: fx.groupId,
    start: inDaysFromNow(1),
    time_zone: 'UTC',
    assignee_ids: [fx.people.member.user._id],
  })
  return resultOf('calendar/create', created)._id as string
}

/** The token of the owner's private calendar feed (its URL's last segment, with .ics). */
async function feedToken(fx: Fixtures): Promise<string> {
  const url = resultOf('calendar/feed', await fx.people.owner.api('GET', 'calendar/feed')).url as string
  return url.slice(url.lastIndexOf('/') + 1)
}

/** A new scheduled message of the owner's in the fixture's group, a day ahead. */
async function scheduledOf(fx: Fixtures): Promise<string> {
  const created = await fx.people.owner.api('POST', 'scheduled/create', {
    client_id: clientId(),
    topic_id: fx.groupId,
    message: 'Later',
    send_at: inDaysFromNow(1),
  })
  return resultOf('scheduled/create', created)._id as string
}

/** A new to-do of the owner's in the fixture's group (the owner, the admin and the member are in it), assigned to the member. */
async function todo(fx: Fixtures): Promise<string> {
  const created = await fx.people.owner.api('POST', 'todo/create', {
    client_id: clientId(),
    title: 'Book the room',
    topic_id: fx.groupId,
    assignee_ids: [fx.people.member.user._id],
  })
  return resultOf('todo/create', created)._id as string
}

/** A new public image upload of `who`'s (the owner's for the anonymous caller). */
async function publicImage(fx: Fixtures, who: Person | undefined): Promise<string> {
  return resultOf(
    'media/upload',
    await upload(fx.server, who ?? fx.people.owner, { bytes: await pngBytes(), name: 'e.png', acl: 'public' }),
  )._id as string
}

/** A new custom emoji of the owner's in the fixture's channel. */
async function customEmoji(fx: Fixtures): Promise<string> {
  const body = { channel_id: fx.channelId, shortcode: `e_${crypto.randomUUID().slice(0, 8)}`, media_id: await publicImage(fx, undefined) }
  return resultOf('emoji/create', await fx.people.owner.api('POST', 'emoji/create', body))._id as string
}

/** A new poll of the owner's in the fixture's group (the owner, the admin and the member are in it) that takes new options. */
async function poll(fx: Fixtures): Promise<{ _id: string; options: { _id: string }[] }> {
  const created = await fx.people.owner.api('POST', 'vote/create', {
    client_id: clientId(),
    topic_id: fx.groupId,
    question: 'Lunch?',
    options: ['Pho', 'Com'],
    allow_new_options: true,
  })
  return resultOf('vote/create', created) as { _id: string; options: { _id: string }[] }
}

/**
 * A new call ringing in the fixture's group: rung by the owner (by the admin when `who` is the
 * owner), so `who` is a callee; `asCaller`: rung by `who` themselves. A stranger and the anonymous
 * caller get the owner's call.
 */
async function ringing(fx: Fixtures, who: Person | undefined, { asCaller = false } = {}): Promise<string> {
  const inGroup = who && who !== fx.people.stranger
  const caller = asCaller && inGroup ? who : who === fx.people.owner ? fx.people.admin : fx.people.owner
  const started = await caller.api('POST', 'call/topic', { topic_id: fx.groupId, is_video: false, call_id: `c-${clientId()}` })
  return resultOf('call/topic', started).call._id as string
}

async function meetingCall(fx: Fixtures, path: string, body: unknown): Promise<{ _id: string; jwt: string; code: string }> {
  return resultOf(path, await call(fx.server.url, 'POST', `/api/${path}`, { body })) as { _id: string; jwt: string; code: string }
}

/** A new meeting (a guest hosts it): its id, the host's room token and its code. */
const meeting = (fx: Fixtures, password = '') => meetingCall(fx, 'call-open/create', { room_name: 'Fixture', name: 'Host', password })

/** A new friend of `who` (archived by `who` when asked; anonymous: anyone's id, refused before it matters). */
async function friendOf(fx: Fixtures, who: Person | undefined, { archived = false } = {}): Promise<string> {
  if (!who) return fx.host.user._id
  const friend = await askerOf(fx, who)
  resultOf('relates/accept-friend', await who.api('POST', 'relates/accept-friend', { customer_id: friend }))
  if (archived) resultOf('relates/archive', await who.api('POST', 'relates/archive', { customer_id: friend }))
  return friend
}

/** A new person who asked `who` to be friends (anonymous: anyone's id, refused before it matters). */
async function askerOf(fx: Fixtures, who: Person | undefined): Promise<string> {
  if (!who) return fx.host.user._id
  const asker = await verifiedPerson(fx.server, 'Asker')
  resultOf('relates/add-friend', await asker.api('POST', 'relates/add-friend', { customer_id: who.user._id }))
  return asker.user._id
}
