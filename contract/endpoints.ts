import { z } from 'zod'
import {
  attentionSettings,
  attentionSettingsBody,
  dndBody,
  notifyAnywayBody,
  notifyAnywayResult,
  personAttention,
  attentionPersonQuery,
  topicAttention,
  topicAttentionBody,
  unsubscribeBody,
  unsubscribeResult,
} from './attention'
import {
  done,
  emailOnlyBody,
  loginBody,
  logoutBody,
  refreshBody,
  registerBody,
  resetPasswordBody,
  sent,
  session,
  tokens,
  verifyEmailBody,
} from './auth'
import {
  channel,
  channelCreateBody,
  channelIdQuery,
  channelInfo,
  channelJoinBody,
  channelLeaveBody,
  channelLeft,
  channelMemberRemoveBody,
  channelMemberRemoved,
  channelPage,
  channelPageQuery,
  channelRoleBody,
  channelSearchQuery,
  label,
  labelCreateBody,
  labelDeleteBody,
  member,
  seenBody,
  seenEntry,
  suggestDescriptionBody,
  suggestion,
} from './channel'
import { currentChannelBody, fcmTokenBody, startWithBody, updateLanguageBody, updateProfileBody, useForBody } from './customer'
import { health } from './health'
import {
  calendarCreateBody,
  calendarEvent,
  calendarExceptionBody,
  calendarFeed,
  calendarFeedParams,
  calendarIdBody,
  calendarIdQuery,
  calendarList,
  calendarListQuery,
  calendarStatusBody,
  calendarUpdateBody,
} from './calendar'
import { todo, todoCreateBody, todoIdBody, todoIdQuery, todoListQuery, todoTopicQuery, todoUpdateBody } from './todo'
import { poll, pollCreateBody, pollInfoQuery, pollLockBody, pollNewOptionBody, pollVoteBody } from './vote'
import { mediaAccessQuery, mediaIdBody, mediaIdQuery, mediaItem, storagePage, storageQuery } from './media'
import { editMessageBody, forwardMessageBody, message, messageIdBody, messageListQuery, pinMessageBody, sendMessageBody } from './message'
import { notification, notifyCount, notifyListQuery, notifySeenBody } from './notify'
import { pushKey, pushSaved } from './push'
import {
  addMembersBody,
  addTopicBody,
  chatFriendQuery,
  pageQuery,
  removeMemberBody,
  renameTopicBody,
  topic,
  topicIdBody,
  topicIdQuery,
  topicImageBody,
  topicInChannelQuery,
  topicInfo,
  topicLabelBody,
  topicPermissionBody,
} from './topic'
import { messageSearchQuery, foundMessage, superSearchQuery, superSearchResult } from './search'
import { user } from './user'
import {
  call,
  callAnswer as callAnswerResult,
  callCustomerBody,
  callIdBody,
  callOpenResult,
  callStart,
  callTopicBody,
  meetingCode,
  meetingCreateBody,
  meetingDetail,
  meetingHostBody,
  meetingJoinBody,
} from './call'
import { archiveState, contactItem, contactPageQuery, customerIdBody, listFriendsQuery, person, personQuery } from './relates'
import { myTrashQuery, revokedCount, sessionIdBody, sessionList, storageSummary, supportChat, supportChatQuery, trashedFile } from './pages'

/**
 * Every HTTP call the server serves under /api/, one entry each: the server registers its route from
 * the entry (schemas, OpenAPI, auth, rate limit) and the client calls it with `call(entry, input)`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * Who may call: `public` anyone; `signedIn` a valid Bearer access token of an open session, else 401
 * before the body is read; `optional` anyone, and a valid token makes the caller known.
 */
export type EndpointAuth = 'public' | 'signedIn' | 'optional'

/**
 * The server's configured rate-limit rules (max requests per window). `user` is every signed-in
 * call: the server counts each `signedIn` entry against it without the entry naming it.
 */
export type RateLimitName =
  | 'login'
  | 'loginIp'
  | 'register'
  | 'otp'
  | 'user'
  | 'send'
  | 'newChat'
  | 'channelCreate'
  | 'channelJoin'
  | 'channelJoinIp'
  | 'channelMembers'
  | 'suggest'
  | 'socketConnect'
  | 'relate'
  | 'unsubscribe'
  | 'pushSubscription'
  | 'callStart'
  | 'meetingCreate'
  | 'meetingJoin'
  | 'feed'

export interface RateLimit {
  rule: RateLimitName
  /**
   * `ip`: one budget per ip, counted as the request arrives. `ipAndEmail`: one budget per ip + body
   * email, counted after the body is validated. `user`: one budget per signed-in user, counted once
   * the token is checked. `userAndChannel`: one budget per user + the body's `channel_id`, counted
   * after the body is validated. Each is shared by every entry naming the rule.
   */
  by: 'ip' | 'ipAndEmail' | 'user' | 'userAndChannel'
}

export interface EndpointDef {
  method: HttpMethod
  /** Under /api/, without a leading slash; `:name` is a path parameter. */
  path: string
  /** OpenAPI tag (the domain). */
  tag: string
  summary: string
  auth: EndpointAuth
  /**
   * A `signedIn` call that a session whose email is not verified yet may make (what the verify
   * screen needs); every other `signedIn` call answers such a session 403 `emailNotVerified`.
   */
  allowUnverified?: true
  /** JSON body. */
  body?: z.ZodType
  /** Query string. */
  query?: z.ZodType
  /** Path parameters. */
  params?: z.ZodType
  /** The body is multipart/form-data (files), read by the handler. */
  multipart?: true
  /** The `result` of the `{ result }` answer; absent when the answer is a file. */
  response?: z.ZodType
  /** One rule, or several that all apply (each counts the request; over any of them: 429), besides `user` for every signed-in call. */
  limit?: RateLimit | readonly RateLimit[]
}

const endpoint = <const E extends EndpointDef>(entry: E) => entry

const mediaIdResult = z.object({ media_id: z.string() })

export const endpoints = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    tag: 'health',
    summary: 'Liveness, database and realtime backends',
    auth: 'public',
    response: health,
  }),

  // auth
  register: endpoint({
    method: 'POST',
    path: 'auth/register',
    tag: 'auth',
    summary: 'Create an account; a verification code is emailed',
    auth: 'public',
    body: registerBody,
    response: session,
    limit: { rule: 'register', by: 'ip' },
  }),
  login: endpoint({
    method: 'POST',
    path: 'auth/login',
    tag: 'auth',
    summary: 'Log in with email and password',
    auth: 'public',
    body: loginBody,
    response: session,
    limit: [
      { rule: 'loginIp', by: 'ip' },
      { rule: 'login', by: 'ipAndEmail' },
    ],
  }),
  refreshToken: endpoint({
    method: 'POST',
    path: 'auth/refresh-token',
    tag: 'auth',
    summary: 'Rotate the refresh token of the HttpOnly cookie (body: {}); the new one replaces it in the cookie',
    auth: 'public',
    body: refreshBody,
    response: tokens,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: 'auth/verify-email',
    tag: 'auth',
    summary: 'Verify the email with its 6-digit code',
    auth: 'public',
    body: verifyEmailBody,
    response: done,
    limit: { rule: 'otp', by: 'ipAndEmail' },
  }),
  resendCode: endpoint({
    method: 'POST',
    path: 'auth/resend-code',
    tag: 'auth',
    summary: 'Email a new verification code',
    auth: 'public',
    body: emailOnlyBody,
    response: sent,
    limit: { rule: 'otp', by: 'ipAndEmail' },
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: 'auth/forgot-password',
    tag: 'auth',
    summary: 'Email a password reset code',
    auth: 'public',
    body: emailOnlyBody,
    response: sent,
    limit: { rule: 'otp', by: 'ipAndEmail' },
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'auth/reset-password',
    tag: 'auth',
    summary: 'Set a new password with the emailed code',
    auth: 'public',
    body: resetPasswordBody,
    response: done,
    limit: { rule: 'otp', by: 'ipAndEmail' },
  }),
  logout: endpoint({
    method: 'POST',
    path: 'auth/logout',
    tag: 'auth',
    summary: "End this session (its sockets are disconnected, the refresh cookie cleared); the user's other sockets get LOGOUT",
    auth: 'signedIn',
    allowUnverified: true,
    body: logoutBody,
    response: done,
  }),

  // customer
  userInfo: endpoint({
    method: 'GET',
    path: 'customer/user-info',
    tag: 'customer',
    summary: 'The signed-in user',
    auth: 'signedIn',
    allowUnverified: true,
    response: user,
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: 'customer/update-profile',
    tag: 'customer',
    summary: 'Update exactly one profile field',
    auth: 'signedIn',
    body: updateProfileBody,
    response: user,
  }),
  avatar: endpoint({
    method: 'POST',
    path: 'customer/avatar',
    tag: 'customer',
    summary: 'Upload an avatar (multipart field `file`, JPEG or PNG by content, at most 5 MB)',
    auth: 'signedIn',
    multipart: true,
    response: user,
  }),
  skipTutorial: endpoint({
    method: 'PUT',
    path: 'customer/skip-tutorial',
    tag: 'customer',
    summary: 'Mark the tutorial as done',
    auth: 'signedIn',
    response: user,
  }),
  useFor: endpoint({
    method: 'PUT',
    path: 'customer/use-for',
    tag: 'customer',
    summary: 'Onboarding: personal or business use',
    auth: 'signedIn',
    body: useForBody,
    response: user,
  }),
  startWith: endpoint({
    method: 'PUT',
    path: 'customer/start-with',
    tag: 'customer',
    summary: 'Onboarding: company name and website',
    auth: 'signedIn',
    body: startWithBody,
    response: user,
  }),
  currentChannel: endpoint({
    method: 'PUT',
    path: 'customer/current-channel',
    tag: 'customer',
    summary: 'Switch the current channel (must be a member)',
    auth: 'signedIn',
    body: currentChannelBody,
    response: user,
  }),
  updateFcmToken: endpoint({
    method: 'PUT',
    path: 'customer/update-fcm-token',
    tag: 'customer',
    summary: 'Store the Web Push subscription of this device (at most 10 per user: the one saved longest ago goes)',
    auth: 'signedIn',
    body: fcmTokenBody,
    response: pushSaved,
    limit: { rule: 'pushSubscription', by: 'user' },
  }),
  updateLanguage: endpoint({
    method: 'PUT',
    path: 'workid/update-language',
    tag: 'customer',
    summary: 'Set the account language (en or vi)',
    auth: 'signedIn',
    allowUnverified: true,
    body: updateLanguageBody,
    response: user,
  }),

  // notify
  notify: endpoint({
    method: 'GET',
    path: 'notify',
    tag: 'notify',
    summary: 'The caller’s notifications, 20 per page, newest first',
    auth: 'signedIn',
    query: notifyListQuery,
    response: z.array(notification),
  }),
  notifyCount: endpoint({
    method: 'GET',
    path: 'notify/all-number',
    tag: 'notify',
    summary: 'How many of the caller’s notifications are unread',
    auth: 'signedIn',
    response: notifyCount,
  }),
  notifySeen: endpoint({
    method: 'PUT',
    path: 'notify/seen',
    tag: 'notify',
    summary: 'Mark one notification read (404 unknown, 403 someone else’s); answers the unread count',
    auth: 'signedIn',
    body: notifySeenBody,
    response: notifyCount,
  }),
  notifySeenAll: endpoint({
    method: 'PUT',
    path: 'notify/seen-all',
    tag: 'notify',
    summary: 'Mark all of the caller’s notifications read; answers the unread count (0)',
    auth: 'signedIn',
    response: notifyCount,
  }),

  // channel
  channelInfo: endpoint({
    method: 'GET',
    path: 'channel/info',
    tag: 'channel',
    summary: 'A channel’s card for anyone; members also get everyone’s roles',
    auth: 'optional',
    query: channelIdQuery,
    response: channelInfo,
  }),
  channelList: endpoint({
    method: 'GET',
    path: 'channel',
    tag: 'channel',
    summary: 'Public channels by name, id or referral link, 20 per page',
    auth: 'signedIn',
    query: channelSearchQuery,
    response: z.array(channel),
  }),
  channelCreate: endpoint({
    method: 'POST',
    path: 'channel/create',
    tag: 'channel',
    summary: 'Create a channel (plan quota of administered channels); the creator is owner',
    auth: 'signedIn',
    body: channelCreateBody,
    response: channel,
    limit: { rule: 'channelCreate', by: 'user' },
  }),
  myChannel: endpoint({
    method: 'GET',
    path: 'channel/my-channel',
    tag: 'channel',
    summary: 'The caller’s channels with their role',
    auth: 'signedIn',
    response: z.array(channel),
  }),
  channelPage: endpoint({
    method: 'GET',
    path: 'channel/page',
    tag: 'channel',
    summary: 'A channel and its members with roles, 20 per page (members only)',
    auth: 'signedIn',
    query: channelPageQuery,
    response: channelPage,
  }),
  channelJoin: endpoint({
    method: 'POST',
    path: 'channel/join',
    tag: 'channel',
    summary: 'Join a public channel, or a private one with its password',
    auth: 'signedIn',
    body: channelJoinBody,
    response: channel,
    limit: [
      { rule: 'channelJoinIp', by: 'ip' },
      { rule: 'channelJoin', by: 'userAndChannel' },
    ],
  }),
  channelRole: endpoint({
    method: 'PUT',
    path: 'channel/role',
    tag: 'channel',
    summary: 'Make a member admin or member (owner or admin; not the owner, not oneself)',
    auth: 'signedIn',
    body: channelRoleBody,
    response: member,
  }),
  channelMemberRemove: endpoint({
    method: 'DELETE',
    path: 'channel/member',
    tag: 'channel',
    summary:
      'Remove a member from the channel and all its groups (the owner: anyone else; an admin: members only); the removed person gets OUT_CHANNEL',
    auth: 'signedIn',
    body: channelMemberRemoveBody,
    response: channelMemberRemoved,
    limit: { rule: 'channelMembers', by: 'user' },
  }),
  channelLeave: endpoint({
    method: 'POST',
    path: 'channel/leave',
    tag: 'channel',
    summary: 'Leave the channel and all its groups (any member but the owner, who gets 403 ownerCannotLeave)',
    auth: 'signedIn',
    body: channelLeaveBody,
    response: channelLeft,
    limit: { rule: 'channelMembers', by: 'user' },
  }),
  channelLabels: endpoint({
    method: 'GET',
    path: 'channel/label',
    tag: 'channel',
    summary: 'The channel’s labels (members)',
    auth: 'signedIn',
    query: channelIdQuery,
    response: z.array(label),
  }),
  channelLabelAdd: endpoint({
    method: 'POST',
    path: 'channel/label',
    tag: 'channel',
    summary: 'Add a label (admins)',
    auth: 'signedIn',
    body: labelCreateBody,
    response: label,
  }),
  channelLabelDelete: endpoint({
    method: 'DELETE',
    path: 'channel/label',
    tag: 'channel',
    summary: 'Delete a label (admins)',
    auth: 'signedIn',
    body: labelDeleteBody,
    response: z.object({ label_id: z.string() }),
  }),
  suggestDescription: endpoint({
    method: 'POST',
    path: 'channel/suggest-description',
    tag: 'channel',
    summary: 'A fuller channel description from a short one (AI endpoint when configured, else the offline writer)',
    auth: 'signedIn',
    body: suggestDescriptionBody,
    response: suggestion,
    limit: { rule: 'suggest', by: 'user' },
  }),

  // topic
  topicRecent: endpoint({
    method: 'GET',
    path: 'topic',
    tag: 'topic',
    summary: 'The caller’s topics, 20 per page: pinned first, then by latest message',
    auth: 'signedIn',
    query: pageQuery,
    response: z.array(topic),
  }),
  topicInChannel: endpoint({
    method: 'GET',
    path: 'topic-in-channel',
    tag: 'topic',
    summary: 'The caller’s group topics in a channel (channel members only)',
    auth: 'signedIn',
    query: topicInChannelQuery,
    response: z.array(topic),
  }),
  channelTopic: endpoint({
    method: 'GET',
    path: 'channel/topic',
    tag: 'topic',
    summary: 'Page 1 of the caller’s group topics in a channel',
    auth: 'signedIn',
    query: channelIdQuery,
    response: z.array(topic),
  }),
  channelPin: endpoint({
    method: 'GET',
    path: 'channel/pin',
    tag: 'topic',
    summary: 'The caller’s pinned topics',
    auth: 'signedIn',
    response: z.array(topic),
  }),
  topicInfo: endpoint({
    method: 'GET',
    path: 'topic/info',
    tag: 'topic',
    summary: 'A topic and its members (members only)',
    auth: 'signedIn',
    query: topicIdQuery,
    response: topicInfo,
  }),
  topicChatFriend: endpoint({
    method: 'GET',
    path: 'topic/chat-friend',
    tag: 'topic',
    summary: 'The 1:1 chat with a person (by customer_id or workid), made on first use',
    auth: 'signedIn',
    query: chatFriendQuery,
    response: topic,
    limit: { rule: 'newChat', by: 'user' },
  }),
  addTopic: endpoint({
    method: 'POST',
    path: 'channel/add-topic',
    tag: 'topic',
    summary: 'Create a group topic in a channel with channel members',
    auth: 'signedIn',
    body: addTopicBody,
    response: topic,
    limit: { rule: 'newChat', by: 'user' },
  }),
  topicMemberAdd: endpoint({
    method: 'POST',
    path: 'topic/member',
    tag: 'topic',
    summary: 'Add channel members to a group (add_member setting)',
    auth: 'signedIn',
    body: addMembersBody,
    response: topicInfo,
  }),
  topicMemberRemove: endpoint({
    method: 'DELETE',
    path: 'topic/member',
    tag: 'topic',
    summary: 'Remove a member (remove_member setting) or leave; the removed user gets OUT_TOPIC',
    auth: 'signedIn',
    body: removeMemberBody,
    response: z.object({ topic_id: z.string() }),
  }),
  topicRename: endpoint({
    method: 'PUT',
    path: 'topic/rename',
    tag: 'topic',
    summary: 'Rename a group (edit_name setting)',
    auth: 'signedIn',
    body: renameTopicBody,
    response: topic,
  }),
  topicImage: endpoint({
    method: 'PUT',
    path: 'topic/image',
    tag: 'topic',
    summary: 'Set or remove a group’s picture (edit_image setting)',
    auth: 'signedIn',
    body: topicImageBody,
    response: topic,
  }),
  topicPermission: endpoint({
    method: 'PUT',
    path: 'topic/permission',
    tag: 'topic',
    summary: 'Restrict group settings to admins (topic admins only)',
    auth: 'signedIn',
    body: topicPermissionBody,
    response: topic,
  }),
  topicLabel: endpoint({
    method: 'PUT',
    path: 'topic/label',
    tag: 'topic',
    summary: 'Label a group with one of its channel’s labels (topic admins only)',
    auth: 'signedIn',
    body: topicLabelBody,
    response: topic,
  }),
  topicPin: endpoint({
    method: 'PUT',
    path: 'channel/topic/pin',
    tag: 'topic',
    summary: 'Pin a topic in the caller’s list',
    auth: 'signedIn',
    body: topicIdBody,
    response: topic,
  }),
  topicUnpin: endpoint({
    method: 'PUT',
    path: 'channel/topic/unpin',
    tag: 'topic',
    summary: 'Unpin a topic in the caller’s list',
    auth: 'signedIn',
    body: topicIdBody,
    response: topic,
  }),
  topicHide: endpoint({
    method: 'PUT',
    path: 'topic/hide',
    tag: 'topic',
    summary: 'Hide a topic from the caller’s list until its next message',
    auth: 'signedIn',
    body: topicIdBody,
    response: topic,
  }),
  topicUnhide: endpoint({
    method: 'PUT',
    path: 'topic/unhide',
    tag: 'topic',
    summary: 'Bring a hidden topic back into the caller’s list',
    auth: 'signedIn',
    body: topicIdBody,
    response: topic,
  }),
  topicHidden: endpoint({
    method: 'GET',
    path: 'topic/hidden',
    tag: 'topic',
    summary: 'The topics the caller hid, 20 per page: pinned first, then by latest message',
    auth: 'signedIn',
    query: pageQuery,
    response: z.array(topic),
  }),
  channelSeen: endpoint({
    method: 'GET',
    path: 'channel/seen',
    tag: 'topic',
    summary: 'Unseen topics per channel of the caller (channel_id null: 1:1 chats)',
    auth: 'signedIn',
    response: z.array(seenEntry),
  }),
  topicSeen: endpoint({
    method: 'PUT',
    path: 'channel/seen',
    tag: 'topic',
    summary: 'Mark one of the caller’s topics seen or unseen',
    auth: 'signedIn',
    body: seenBody,
    response: topic,
  }),

  // message
  messageSend: endpoint({
    method: 'POST',
    path: 'message/send',
    tag: 'message',
    summary: 'Send a message; a repeated client_id answers the same message without sending again',
    auth: 'signedIn',
    body: sendMessageBody,
    response: message,
    limit: { rule: 'send', by: 'user' },
  }),
  topicMessages: endpoint({
    method: 'GET',
    path: 'topic/messages',
    tag: 'message',
    summary:
      'Newest first: page N of 20 (before `before` when given), or up to 500 after `after` (the oldest of them; ask again while full)',
    auth: 'signedIn',
    query: messageListQuery,
    response: z.array(message),
  }),
  topicPinned: endpoint({
    method: 'GET',
    path: 'topic/pinned',
    tag: 'message',
    summary: 'The topic’s pinned messages',
    auth: 'signedIn',
    query: topicIdQuery,
    response: z.array(message),
  }),
  messageEdit: endpoint({
    method: 'PUT',
    path: 'message/edit',
    tag: 'message',
    summary: 'Edit one of your messages',
    auth: 'signedIn',
    body: editMessageBody,
    response: message,
  }),
  messageDelete: endpoint({
    method: 'DELETE',
    path: 'message/delete',
    tag: 'message',
    summary: 'Delete a message for everyone (the sender or a topic admin)',
    auth: 'signedIn',
    body: messageIdBody,
    response: message,
  }),
  messageForward: endpoint({
    method: 'POST',
    path: 'message/forward',
    tag: 'message',
    summary: 'Forward a message to topics you belong to',
    auth: 'signedIn',
    body: forwardMessageBody,
    response: z.array(message),
    limit: { rule: 'send', by: 'user' },
  }),
  messagePin: endpoint({
    method: 'PUT',
    path: 'message/pin',
    tag: 'message',
    summary: 'Pin or unpin a message (pin_message setting)',
    auth: 'signedIn',
    body: pinMessageBody,
    response: message,
  }),

  // media
  mediaAccess: endpoint({
    method: 'GET',
    path: 'media/access',
    tag: 'media',
    summary: 'A file of a topic, for the reader of a media token (login, refresh) who still belongs to the topic',
    auth: 'public',
    query: mediaAccessQuery,
  }),
  mediaPublic: endpoint({
    method: 'GET',
    path: 'media/public/:key',
    tag: 'media',
    summary: 'A public upload (channel image or banner)',
    auth: 'public',
    params: z.object({ key: z.string().min(1).max(200) }),
  }),
  mediaUpload: endpoint({
    method: 'POST',
    path: 'media/upload',
    tag: 'media',
    summary:
      'Upload one file (multipart: topic_id, acl, then file); checked by content and quota (413 from Content-Length before the body is read), at most 50 MB a request, 3 uploads in progress per user (429)',
    auth: 'signedIn',
    multipart: true,
    response: mediaItem,
  }),
  mediaUploads: endpoint({
    method: 'POST',
    path: 'media/uploads',
    tag: 'media',
    summary: 'Upload several files at once (all or nothing): up to 10 files and 50 MB together, the same checks as media/upload',
    auth: 'signedIn',
    multipart: true,
    response: z.array(mediaItem),
  }),
  mediaCancelUpload: endpoint({
    method: 'DELETE',
    path: 'media/cancel-upload',
    tag: 'media',
    summary: 'Drop an upload no message uses yet',
    auth: 'signedIn',
    query: mediaIdQuery,
    response: mediaIdResult,
  }),
  mediaStorage: endpoint({
    method: 'GET',
    path: 'media/storage',
    tag: 'media',
    summary: 'Files of a channel’s topics the caller belongs to (or the trash)',
    auth: 'signedIn',
    query: storageQuery,
    response: storagePage,
  }),
  mediaTrash: endpoint({
    method: 'PUT',
    path: 'media/trash',
    tag: 'media',
    summary: 'Move a file to the trash (uploader or channel admin)',
    auth: 'signedIn',
    body: mediaIdBody,
    response: mediaIdResult,
  }),
  mediaRestore: endpoint({
    method: 'PUT',
    path: 'media/restore',
    tag: 'media',
    summary: 'Restore a file from the trash',
    auth: 'signedIn',
    body: mediaIdBody,
    response: mediaIdResult,
  }),
  mediaPurge: endpoint({
    method: 'DELETE',
    path: 'media/purge',
    tag: 'media',
    summary: 'Delete a file for good',
    auth: 'signedIn',
    body: mediaIdBody,
    response: mediaIdResult,
  }),

  // friends, contacts and blocking (server/modules/relates)
  personLookup: endpoint({
    method: 'GET',
    path: 'workid/customer',
    tag: 'relates',
    summary: 'A person by workid or id, with the caller’s friend status and block',
    auth: 'signedIn',
    query: personQuery,
    response: person,
  }),
  addFriend: endpoint({
    method: 'POST',
    path: 'relates/add-friend',
    tag: 'relates',
    summary: 'Ask a person to be friends (accepts when they already asked); idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: person,
    limit: { rule: 'relate', by: 'user' },
  }),
  cancelFriend: endpoint({
    method: 'POST',
    path: 'relates/cancel-friend',
    tag: 'relates',
    summary: 'Withdraw the caller’s friend request; idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: person,
    limit: { rule: 'relate', by: 'user' },
  }),
  acceptFriend: endpoint({
    method: 'POST',
    path: 'relates/accept-friend',
    tag: 'relates',
    summary: 'Accept a person’s friend request; idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: person,
    limit: { rule: 'relate', by: 'user' },
  }),
  rejectFriend: endpoint({
    method: 'POST',
    path: 'relates/no-friend',
    tag: 'relates',
    summary: 'Reject a person’s friend request; idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: person,
    limit: { rule: 'relate', by: 'user' },
  }),
  unfriend: endpoint({
    method: 'POST',
    path: 'relates/unfriend',
    tag: 'relates',
    summary: 'End a friendship; idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: person,
    limit: { rule: 'relate', by: 'user' },
  }),
  blockPerson: endpoint({
    method: 'POST',
    path: 'relates/block',
    tag: 'relates',
    summary: 'Block a person (ends any friendship or request); idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: person,
    limit: { rule: 'relate', by: 'user' },
  }),
  unblockPerson: endpoint({
    method: 'POST',
    path: 'relates/unblock',
    tag: 'relates',
    summary: 'Unblock a person; idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: person,
    limit: { rule: 'relate', by: 'user' },
  }),
  friendRequests: endpoint({
    method: 'GET',
    path: 'relates/list-friend',
    tag: 'relates',
    summary: 'Friend requests the caller received, newest first, 20 per page',
    auth: 'signedIn',
    query: contactPageQuery,
    response: z.array(contactItem),
  }),
  blockedPeople: endpoint({
    method: 'GET',
    path: 'relates/list-block',
    tag: 'relates',
    summary: 'People the caller blocked, newest first, 20 per page',
    auth: 'signedIn',
    query: contactPageQuery,
    response: z.array(contactItem),
  }),
  listFriends: endpoint({
    method: 'GET',
    path: 'workid/list-friends',
    tag: 'relates',
    summary: 'The caller’s friends by name (status=2), the first 1,000',
    auth: 'signedIn',
    query: listFriendsQuery,
    response: z.array(contactItem),
  }),
  contactList: endpoint({
    method: 'GET',
    path: 'contact',
    tag: 'relates',
    summary: 'The caller’s contacts (friends they did not archive) by name, 20 per page',
    auth: 'signedIn',
    query: contactPageQuery,
    response: z.array(contactItem),
  }),
  archiveFriend: endpoint({
    method: 'POST',
    path: 'relates/archive',
    tag: 'relates',
    summary:
      'Archive a friend: they leave the caller’s contact list for the archived one (the caller’s view only; still friends); idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: archiveState,
    limit: { rule: 'relate', by: 'user' },
  }),
  unarchiveFriend: endpoint({
    method: 'POST',
    path: 'relates/unarchive',
    tag: 'relates',
    summary: 'Move an archived friend back to the caller’s contact list; idempotent',
    auth: 'signedIn',
    body: customerIdBody,
    response: archiveState,
    limit: { rule: 'relate', by: 'user' },
  }),
  archivedFriends: endpoint({
    method: 'GET',
    path: 'relates/list-archived',
    tag: 'relates',
    summary: 'The friends the caller archived, most recently archived first, 20 per page',
    auth: 'signedIn',
    query: contactPageQuery,
    response: z.array(contactItem),
  }),
  // search
  superSearch: endpoint({
    method: 'GET',
    path: 'super-search',
    tag: 'search',
    summary:
      'People, group topics and channels the caller may see whose name (or a person’s workid) matches the keyword, ignoring case and accents',
    auth: 'signedIn',
    query: superSearchQuery,
    response: superSearchResult,
  }),
  messageSearch: endpoint({
    method: 'GET',
    path: 'message/search',
    tag: 'search',
    summary:
      'Messages of the caller’s topics (or one of them) that contain the keyword, ignoring case and accents; newest first, with the matched parts',
    auth: 'signedIn',
    query: messageSearchQuery,
    response: z.array(foundMessage),
  }),
  // attention
  attentionSettings: endpoint({
    method: 'GET',
    path: 'attention/settings',
    tag: 'attention',
    summary:
      'The caller’s attention settings: time zone, do not disturb, keyword alerts, missed-message email, and each topic’s level and mute',
    auth: 'signedIn',
    response: attentionSettings,
  }),
  attentionUpdate: endpoint({
    method: 'PUT',
    path: 'attention/settings',
    tag: 'attention',
    summary: 'Change the time zone (IANA), the do-not-disturb schedule, the keyword alerts or the missed-message email',
    auth: 'signedIn',
    body: attentionSettingsBody,
    response: attentionSettings,
  }),
  attentionDnd: endpoint({
    method: 'PUT',
    path: 'attention/dnd',
    tag: 'attention',
    summary: 'Do not disturb now: 30 minutes, an hour, until 08:00 tomorrow in the caller’s time zone, or off',
    auth: 'signedIn',
    body: dndBody,
    response: attentionSettings,
  }),
  attentionTopic: endpoint({
    method: 'PUT',
    path: 'attention/topic',
    tag: 'attention',
    summary:
      'A topic’s notification level (everything, mentions, nothing) and mute (1 hour, until tomorrow, until turned on, off) for the caller, a member',
    auth: 'signedIn',
    body: topicAttentionBody,
    response: topicAttention,
  }),
  attentionPerson: endpoint({
    method: 'GET',
    path: 'attention/person',
    tag: 'attention',
    summary: 'Whether someone who shares a topic with the caller is in do not disturb now',
    auth: 'signedIn',
    query: attentionPersonQuery,
    response: personAttention,
  }),
  attentionNotifyAnyway: endpoint({
    method: 'POST',
    path: 'attention/notify-anyway',
    tag: 'attention',
    summary: 'Notify anyway: the caller’s latest message in the topic reaches its readers who are in do not disturb (once per message)',
    auth: 'signedIn',
    body: notifyAnywayBody,
    response: notifyAnywayResult,
    limit: { rule: 'send', by: 'user' },
  }),
  attentionUnsubscribe: endpoint({
    method: 'POST',
    path: 'attention/unsubscribe',
    tag: 'attention',
    summary: 'Turn the missed-message email off with the signed token of its link (no login)',
    auth: 'public',
    body: unsubscribeBody,
    response: unsubscribeResult,
    limit: { rule: 'unsubscribe', by: 'ip' },
  }),
  // notifications (browser push)
  pushKey: endpoint({
    method: 'GET',
    path: 'notify/push-key',
    tag: 'notify',
    summary: 'The server’s VAPID public key for Web Push subscriptions',
    auth: 'public',
    response: pushKey,
  }),
  // pages: sessions (/log), storage summary and trash (/account/storage, /account/trash), support chat
  sessionList: endpoint({
    method: 'GET',
    path: 'auth/sessions',
    tag: 'auth',
    summary: 'The caller’s open sessions and recent logins',
    auth: 'signedIn',
    response: sessionList,
  }),
  sessionRevoke: endpoint({
    method: 'DELETE',
    path: 'auth/sessions',
    tag: 'auth',
    summary: 'End one of the caller’s sessions (404 unknown or someone else’s): its calls get 401 and its sockets are dropped',
    auth: 'signedIn',
    body: sessionIdBody,
    response: revokedCount,
  }),
  sessionRevokeOthers: endpoint({
    method: 'POST',
    path: 'auth/sessions/revoke-others',
    tag: 'auth',
    summary: 'End every session of the caller but this one',
    auth: 'signedIn',
    response: revokedCount,
  }),
  storageSummary: endpoint({
    method: 'GET',
    path: 'media/storage-summary',
    tag: 'media',
    summary: 'The caller’s stored bytes by channel and chat, against the plan’s quota',
    auth: 'signedIn',
    response: storageSummary,
  }),
  myTrash: endpoint({
    method: 'GET',
    path: 'media/my-trash',
    tag: 'media',
    summary: 'The caller’s own trashed files across channels and chats, 20 a page',
    auth: 'signedIn',
    query: myTrashQuery,
    response: z.array(trashedFile),
  }),
  supportChat: endpoint({
    method: 'GET',
    path: 'workid/chat/chat-friend',
    tag: 'topic',
    summary: 'The support desk’s chat with the caller (api_key of the desk, customer_id the caller), made on first use',
    auth: 'signedIn',
    query: supportChatQuery,
    response: supportChat,
  }),
  // calls
  callTopic: endpoint({
    method: 'POST',
    path: 'call/topic',
    tag: 'call',
    summary: 'Ring everyone else in a topic the caller belongs to (admin-only where the group restricts calls); idempotent on call_id',
    auth: 'signedIn',
    body: callTopicBody,
    response: callStart,
    limit: { rule: 'callStart', by: 'user' },
  }),
  callCustomer: endpoint({
    method: 'POST',
    path: 'call/customer',
    tag: 'call',
    summary: 'Ring one person in their 1:1 chat (only_friend_call and blocks apply); idempotent on call_id',
    auth: 'signedIn',
    body: callCustomerBody,
    response: callStart,
    limit: { rule: 'callStart', by: 'user' },
  }),
  callAnswer: endpoint({
    method: 'POST',
    path: 'call/answer',
    tag: 'call',
    summary: 'A callee answers a ringing call: every tab of theirs stops ringing (CLOSE_POPUP_CALL), the caller hears RESPONSE_CALL',
    auth: 'signedIn',
    body: callIdBody,
    response: callAnswerResult,
  }),
  callDecline: endpoint({
    method: 'POST',
    path: 'call/decline',
    tag: 'call',
    summary: 'A callee declines a ringing call',
    auth: 'signedIn',
    body: callIdBody,
    response: call,
  }),
  callCancel: endpoint({
    method: 'POST',
    path: 'call/cancel',
    tag: 'call',
    summary: 'The caller stops ringing before anyone answered',
    auth: 'signedIn',
    body: callIdBody,
    response: call,
  }),
  callMiss: endpoint({
    method: 'POST',
    path: 'call/miss',
    tag: 'call',
    summary: 'The caller’s 60 s ran out: the call ends as missed (the server’s own timer does the same)',
    auth: 'signedIn',
    body: callIdBody,
    response: call,
  }),
  callOut: endpoint({
    method: 'POST',
    path: 'call/out',
    tag: 'call',
    summary: 'Leave the call’s room; the last one out ends the call (its summary message says how long it took)',
    auth: 'signedIn',
    body: callIdBody,
    response: call,
  }),
  callDetail: endpoint({
    method: 'GET',
    path: 'call/detail',
    tag: 'call',
    summary: 'A call of a topic the caller belongs to',
    auth: 'signedIn',
    query: callIdBody,
    response: call,
  }),

  // polls
  voteCreate: endpoint({
    method: 'POST',
    path: 'vote/create',
    tag: 'vote',
    summary: 'Post a poll in a topic the caller belongs to (admin-only where the group restricts polls); idempotent on client_id',
    auth: 'signedIn',
    body: pollCreateBody,
    response: poll,
    limit: { rule: 'send', by: 'user' },
  }),
  voteOption: endpoint({
    method: 'POST',
    path: 'vote/option',
    tag: 'vote',
    summary: 'Set the caller’s choices in a poll of their topic (empty takes the vote back); refused once locked or closed',
    auth: 'signedIn',
    body: pollVoteBody,
    response: poll,
  }),
  voteNewOption: endpoint({
    method: 'POST',
    path: 'vote/new-option',
    tag: 'vote',
    summary: 'Add an option to a poll that allows it (a member of its topic; at most 10 options, none twice)',
    auth: 'signedIn',
    body: pollNewOptionBody,
    response: poll,
    limit: { rule: 'send', by: 'user' },
  }),
  voteLock: endpoint({
    method: 'POST',
    path: 'vote/lock',
    tag: 'vote',
    summary: 'Stop a poll taking votes, for good (its creator or a topic admin)',
    auth: 'signedIn',
    body: pollLockBody,
    response: poll,
  }),
  voteInfo: endpoint({
    method: 'GET',
    path: 'vote/info',
    tag: 'vote',
    summary: 'A poll of a topic the caller belongs to, with the caller’s own choices',
    auth: 'signedIn',
    query: pollInfoQuery,
    response: poll,
  }),

  // to-dos
  todoCreate: endpoint({
    method: 'POST',
    path: 'todo/create',
    tag: 'todo',
    summary: 'Create a personal to-do or one in a chat the caller is in (assignees: its members); idempotent on client_id',
    auth: 'signedIn',
    body: todoCreateBody,
    response: todo,
    limit: { rule: 'send', by: 'user' },
  }),
  todoUpdate: endpoint({
    method: 'PUT',
    path: 'todo/update',
    tag: 'todo',
    summary: 'Change a to-do: its creator or a topic admin any field, an assignee its status',
    auth: 'signedIn',
    body: todoUpdateBody,
    response: todo,
    limit: { rule: 'send', by: 'user' },
  }),
  todoDelete: endpoint({
    method: 'DELETE',
    path: 'todo/delete',
    tag: 'todo',
    summary: 'Delete a to-do (its creator or a topic admin)',
    auth: 'signedIn',
    body: todoIdBody,
    response: z.object({ todo_id: z.string() }),
  }),
  todoInfo: endpoint({
    method: 'GET',
    path: 'todo/info',
    tag: 'todo',
    summary: 'A to-do the caller may see (personal: its creator; in a chat: its members)',
    auth: 'signedIn',
    query: todoIdQuery,
    response: todo,
  }),
  todoList: endpoint({
    method: 'GET',
    path: 'todo/list',
    tag: 'todo',
    summary: 'The caller’s to-dos (created by or assigned to them), 20 a page, soonest due first',
    auth: 'signedIn',
    query: todoListQuery,
    response: z.array(todo),
  }),
  todoTopic: endpoint({
    method: 'GET',
    path: 'todo/topic',
    tag: 'todo',
    summary: 'A chat’s to-dos (its members), 20 a page, soonest due first',
    auth: 'signedIn',
    query: todoTopicQuery,
    response: z.array(todo),
  }),

  // calendar: reminders and tasks
  calendarCreate: endpoint({
    method: 'POST',
    path: 'calendar/create',
    tag: 'calendar',
    summary: 'Create a reminder (personal, or a group one in a chat) or a task assigned to others; idempotent on client_id',
    auth: 'signedIn',
    body: calendarCreateBody,
    response: calendarEvent,
    limit: { rule: 'send', by: 'user' },
  }),
  calendarUpdate: endpoint({
    method: 'PUT',
    path: 'calendar/update',
    tag: 'calendar',
    summary: 'Change an event (the whole series): its creator, or a group reminder’s topic admins',
    auth: 'signedIn',
    body: calendarUpdateBody,
    response: calendarEvent,
    limit: { rule: 'send', by: 'user' },
  }),
  calendarStatus: endpoint({
    method: 'PUT',
    path: 'calendar/status',
    tag: 'calendar',
    summary: 'Move a task to a status, as the task statechart lets the caller’s role (TASK_MOVES)',
    auth: 'signedIn',
    body: calendarStatusBody,
    response: calendarEvent,
    limit: { rule: 'send', by: 'user' },
  }),
  calendarException: endpoint({
    method: 'PUT',
    path: 'calendar/exception',
    tag: 'calendar',
    summary: 'Skip, move or restore one occurrence of a repeating event',
    auth: 'signedIn',
    body: calendarExceptionBody,
    response: calendarEvent,
    limit: { rule: 'send', by: 'user' },
  }),
  calendarDelete: endpoint({
    method: 'DELETE',
    path: 'calendar/delete',
    tag: 'calendar',
    summary: 'Delete an event: its creator, or a group reminder’s topic admins',
    auth: 'signedIn',
    body: calendarIdBody,
    response: z.object({ event_id: z.string() }),
  }),
  calendarInfo: endpoint({
    method: 'GET',
    path: 'calendar/info',
    tag: 'calendar',
    summary: 'An event the caller sees (its creator, assignees, or its chat’s members)',
    auth: 'signedIn',
    query: calendarIdQuery,
    response: calendarEvent,
  }),
  calendarList: endpoint({
    method: 'GET',
    path: 'calendar/list',
    tag: 'calendar',
    summary: 'The occurrences in a range (at most 100 days) grouped as group, personal, assign_by, assign_to; filters type, chat, channel, status',
    auth: 'signedIn',
    query: calendarListQuery,
    response: calendarList,
  }),
  calendarIcs: endpoint({
    method: 'GET',
    path: 'calendar/ics',
    tag: 'calendar',
    summary: 'One event as an iCalendar (.ics) file',
    auth: 'signedIn',
    query: calendarIdQuery,
  }),
  calendarFeed: endpoint({
    method: 'GET',
    path: 'calendar/feed',
    tag: 'calendar',
    summary: 'The caller’s private iCalendar feed URL (made on first ask)',
    auth: 'signedIn',
    response: calendarFeed,
  }),
  calendarFeedReset: endpoint({
    method: 'POST',
    path: 'calendar/feed-reset',
    tag: 'calendar',
    summary: 'A new private feed URL; the old one stops working',
    auth: 'signedIn',
    response: calendarFeed,
    limit: { rule: 'relate', by: 'user' },
  }),
  calendarFeedFile: endpoint({
    method: 'GET',
    path: 'calendar/feed/:token',
    tag: 'calendar',
    summary: 'A private iCalendar feed (the path’s secret token, with or without .ics, is the credential)',
    auth: 'public',
    params: calendarFeedParams,
    limit: { rule: 'feed', by: 'ip' },
  }),

  // instant meetings
  meetingCreate: endpoint({
    method: 'POST',
    path: 'call-open/create',
    tag: 'meeting',
    summary: 'Start an instant meeting (guests too); the creator is its host',
    auth: 'optional',
    body: meetingCreateBody,
    response: callOpenResult,
    limit: { rule: 'meetingCreate', by: 'ip' },
  }),
  meetingDetail: endpoint({
    method: 'GET',
    path: 'call-open/detail/:code',
    tag: 'meeting',
    summary: 'A meeting by its join code: its name, whether it asks for a password, whether it is locked',
    auth: 'optional',
    params: z.object({ code: meetingCode }),
    response: meetingDetail,
    limit: { rule: 'meetingJoin', by: 'ip' },
  }),
  meetingJoin: endpoint({
    method: 'POST',
    path: 'call-open/join',
    tag: 'meeting',
    summary: 'Join a meeting by code with a name (and the password of a private room); a locked or full room refuses',
    auth: 'optional',
    body: meetingJoinBody,
    response: callOpenResult,
    limit: { rule: 'meetingJoin', by: 'ip' },
  }),
  meetingHost: endpoint({
    method: 'POST',
    path: 'call-open/host',
    tag: 'meeting',
    summary: 'The host mutes or removes a participant, locks the room or ends it for everyone (Authorization: the host’s room token)',
    auth: 'public',
    body: meetingHostBody,
    response: meetingDetail,
  }),
} as const satisfies Record<string, EndpointDef>

export type Endpoints = typeof endpoints
export type Endpoint = Endpoints[keyof Endpoints]

/** What a client sends as the body (defaults may be left out). */
export type BodyOf<E extends EndpointDef> = E extends { body: infer S extends z.ZodType } ? z.input<S> : undefined
/** A query field the server coerces (a number from its text) takes what the server makes of it. */
type Coerced<In, Out> = { [K in keyof In]: unknown extends In[K] ? (K extends keyof Out ? Out[K] : never) : In[K] }
/** What a client sends as the query string. */
export type QueryOf<E extends EndpointDef> = E extends { query: infer S extends z.ZodType } ? Coerced<z.input<S>, z.output<S>> : undefined
/** The `result` of the answer. */
export type ResultOf<E extends EndpointDef> = E extends { response: infer S extends z.ZodType } ? z.output<S> : never

/** The body, query and path parameters as the server's handler sees them (validated, defaults applied). */
export type ParsedBodyOf<E extends EndpointDef> = E extends { body: infer S extends z.ZodType } ? z.output<S> : undefined
export type ParsedQueryOf<E extends EndpointDef> = E extends { query: infer S extends z.ZodType } ? z.output<S> : undefined
export type ParsedParamsOf<E extends EndpointDef> = E extends { params: infer S extends z.ZodType } ? z.output<S> : undefined
