import type { Language } from './common'

/**
 * Messages the server sends in error bodies, in both languages. The server picks the language
 * from Accept-Language (en fallback); the client shows them as they come.
 */
export const SERVER_MESSAGES = {
  invalidInput: { en: 'The data you sent is not valid', vi: 'Dữ liệu gửi lên không hợp lệ' },
  sfuOfferNeeded: { en: 'An offer (a session description of at most 64 KB) is needed', vi: 'Cần một offer (mô tả phiên tối đa 64 KB)' },
  sfuFeedNeeded: { en: 'A feed is needed', vi: 'Cần chỉ rõ luồng (feed)' },
  sfuAnswerNeeded: {
    en: 'A feed and an answer (a session description of at most 64 KB) are needed',
    vi: 'Cần luồng (feed) và một answer (mô tả phiên tối đa 64 KB)',
  },
  malformedJson: { en: 'The request body is not valid JSON', vi: 'Nội dung yêu cầu không phải JSON hợp lệ' },
  emailTaken: { en: 'This email is already registered', vi: 'Email này đã được đăng ký' },
  invalidCredentials: { en: 'Email or password is incorrect', vi: 'Email hoặc mật khẩu không đúng' },
  /** One answer for a wrong, expired, spent or locked code and an unknown address (no enumeration). */
  codeInvalid: {
    en: 'The code is incorrect or has expired, check it or request a new one',
    vi: 'Mã không đúng hoặc đã hết hạn, hãy kiểm tra lại hoặc yêu cầu mã mới',
  },
  passwordCommon: {
    en: 'This password is too common, please choose one that is harder to guess',
    vi: 'Mật khẩu này quá phổ biến, vui lòng chọn mật khẩu khó đoán hơn',
  },
  unauthenticated: { en: 'Please log in', vi: 'Vui lòng đăng nhập' },
  sessionExpired: { en: 'Your session has ended, please log in again', vi: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại' },
  permissionDenied: { en: 'Permission denied', vi: 'Không có quyền truy cập' },
  emailNotVerified: { en: 'Please verify your email address first', vi: 'Vui lòng xác minh địa chỉ email trước' },
  notFound: { en: 'Not found', vi: 'Không tìm thấy' },
  tooManyRequests: { en: 'Too many attempts, please try again later', vi: 'Quá nhiều lần thử, vui lòng thử lại sau' },
  tryAgainLater: {
    en: 'This is not available right now, please try again in a minute',
    vi: 'Chức năng này tạm thời không khả dụng, vui lòng thử lại sau một phút',
  },
  serverError: { en: 'Server Error', vi: 'Lỗi máy chủ' },
  oneFieldPerCall: { en: 'Update exactly one field per call', vi: 'Mỗi lần chỉ cập nhật một trường' },
  avatarType: { en: 'You can only upload JPG/PNG file', vi: 'Bạn chỉ có thể tải lên tệp JPG/PNG' },
  fileTooLarge: { en: 'The file is too large', vi: 'Tệp quá lớn' },
  channelLimit: {
    en: 'You have reached the number of channels ({limit}), to increase the number please upgrade your account.',
    vi: 'Bạn đã đạt số kênh tối đa ({limit}). Vui lòng nâng cấp tài khoản để tạo thêm kênh.',
  },
  channelPasswordIncorrect: { en: 'The channel password is incorrect', vi: 'Mật khẩu kênh không đúng' },
  ownerCannotLeave: {
    en: 'The owner cannot leave the channel',
    vi: 'Chủ sở hữu không thể rời khỏi kênh',
  },
  notChannelMember: { en: 'These people are not members of the channel', vi: 'Những người này không phải thành viên của kênh' },
  fileType: { en: 'This file type is not allowed', vi: 'Loại tệp này không được phép' },
  imageTooLarge: {
    en: 'This image has too many pixels (at most 25 megapixels)',
    vi: 'Ảnh này có quá nhiều điểm ảnh (tối đa 25 megapixel)',
  },
  avatarTooLarge: {
    en: 'This image has too many pixels for a profile picture (at most 16 megapixels)',
    vi: 'Ảnh này có quá nhiều điểm ảnh để làm ảnh đại diện (tối đa 16 megapixel)',
  },
  mediaInUse: { en: 'This file is already attached to a message', vi: 'Tệp này đã được đính kèm vào một tin nhắn' },
  aiUnavailable: { en: 'The writing assistant is not available right now', vi: 'Trợ lý viết hiện không khả dụng' },
  selectMember: { en: 'Please select at least 1 member.', vi: 'Vui lòng chọn ít nhất 1 thành viên.' },
  storageFull: { en: 'Your storage is running out, please upgrade here', vi: 'Dung lượng lưu trữ sắp hết, vui lòng nâng cấp tại đây' },
  // friends, privacy and blocking
  friendsOnlyChat: {
    en: 'This person only accepts messages from friends. Send them a friend request first.',
    vi: 'Người này chỉ nhận tin nhắn từ bạn bè. Hãy gửi lời mời kết bạn trước.',
  },
  friendsOnlyInvite: {
    en: 'Only friends may add this person to groups and topics.',
    vi: 'Chỉ bạn bè mới có thể thêm người này vào nhóm và chủ đề.',
  },
  friendsOnlyCall: { en: 'This person only accepts calls from friends.', vi: 'Người này chỉ nhận cuộc gọi từ bạn bè.' },
  blockedByPerson: { en: 'You cannot contact this person.', vi: 'Bạn không thể liên hệ với người này.' },
  relateSelf: { en: 'You cannot do this with your own account.', vi: 'Bạn không thể làm điều này với chính tài khoản của mình.' },
  noFriendRequest: { en: 'There is no friend request from this person.', vi: 'Không có lời mời kết bạn nào từ người này.' },
  notFriendArchive: {
    en: 'Only friends can be archived. This person is not your friend.',
    vi: 'Chỉ có thể lưu trữ bạn bè. Người này không phải là bạn bè của bạn.',
  },
  // instant meetings
  meetingPasswordIncorrect: {
    en: 'The meeting password is incorrect',
    vi: 'Mật khẩu cuộc họp không đúng',
  },
  meetingLocked: {
    en: 'The host has locked this meeting: nobody else can join now',
    vi: 'Chủ phòng đã khóa cuộc họp này: hiện không ai có thể tham gia thêm',
  },
  meetingFull: {
    en: 'This meeting is full ({limit} people at most)',
    vi: 'Cuộc họp này đã đủ người (tối đa {limit} người)',
  },
  meetingEnded: { en: 'This meeting has ended', vi: 'Cuộc họp này đã kết thúc' },
  meetingRemoved: { en: 'The host removed you from this meeting', vi: 'Chủ phòng đã mời bạn ra khỏi cuộc họp này' },
  roomTokenInvalid: {
    en: 'Your place in this meeting is not valid any more, please join again',
    vi: 'Quyền tham gia cuộc họp của bạn không còn hiệu lực, vui lòng tham gia lại',
  },
  meetingHostOnly: { en: 'Only the host can do this', vi: 'Chỉ chủ phòng mới có thể làm việc này' },
  // calls
  callNobody: { en: 'There is nobody else in this chat to call.', vi: 'Không có ai khác trong cuộc trò chuyện này để gọi.' },
  callHeld: {
    en: 'Nobody can take your call right now: they turned on do not disturb or muted this chat.',
    vi: 'Hiện không ai có thể nhận cuộc gọi của bạn: họ đang bật chế độ không làm phiền hoặc đã tắt thông báo cuộc trò chuyện này.',
  },
  callNotRinging: { en: 'This call is no longer ringing.', vi: 'Cuộc gọi này không còn đổ chuông nữa.' },
  callOver: { en: 'This call has ended.', vi: 'Cuộc gọi này đã kết thúc.' },
  // reactions and custom emoji
  reactionUnknownEmoji: { en: 'This chat has no such emoji.', vi: 'Cuộc trò chuyện này không có biểu tượng cảm xúc đó.' },
  reactionsFull: { en: 'A message holds at most 50 different reactions.', vi: 'Một tin nhắn có tối đa 50 biểu tượng cảm xúc khác nhau.' },
  reactionDeletedMessage: { en: 'A deleted message takes no reactions.', vi: 'Tin nhắn đã xóa không nhận biểu tượng cảm xúc.' },
  emojiShortcodeTaken: { en: 'This channel already has an emoji with that shortcode.', vi: 'Kênh này đã có biểu tượng cảm xúc với mã đó.' },
  emojiNotImage: { en: 'Choose an image of at most 256 KB.', vi: 'Hãy chọn một ảnh tối đa 256 KB.' },
  emojiChannelFull: { en: 'A channel holds at most 100 custom emoji.', vi: 'Một kênh có tối đa 100 biểu tượng cảm xúc tùy chỉnh.' },
  // polls
  pollLocked: { en: 'This poll is locked: it takes no more votes.', vi: 'Cuộc bình chọn này đã bị khóa: không nhận thêm phiếu.' },
  pollClosed: { en: 'This poll has closed: it takes no more votes.', vi: 'Cuộc bình chọn này đã kết thúc: không nhận thêm phiếu.' },
  pollOneChoice: { en: 'This poll takes one choice only.', vi: 'Cuộc bình chọn này chỉ cho chọn một phương án.' },
  pollUnknownOption: { en: 'That option is not in this poll.', vi: 'Phương án đó không có trong cuộc bình chọn này.' },
  pollNoNewOptions: { en: 'This poll does not take new options.', vi: 'Cuộc bình chọn này không cho thêm phương án.' },
  pollOptionTaken: { en: 'This poll already has that option.', vi: 'Cuộc bình chọn này đã có phương án đó.' },
  pollFull: { en: 'A poll holds at most 10 options.', vi: 'Một cuộc bình chọn có tối đa 10 phương án.' },
  pollClosesInPast: { en: 'The closing time must be in the future.', vi: 'Thời điểm kết thúc phải ở tương lai.' },
  // to-dos
  todoAssigneeNotMember: {
    en: 'Assignees must be members of this chat.',
    vi: 'Người được giao phải là thành viên của cuộc trò chuyện này.',
  },
  todoPersonalAssignee: { en: 'A personal to-do is yours alone.', vi: 'Việc cần làm cá nhân chỉ dành cho bạn.' },
  todoStatusOnly: { en: 'As an assignee you can change only its status.', vi: 'Là người được giao, bạn chỉ có thể đổi trạng thái.' },
  pollAdminsOnly: { en: 'Only admins can create polls in this group.', vi: 'Chỉ quản trị viên mới được tạo bình chọn trong nhóm này.' },
  reminderAdminsOnly: {
    en: 'Only admins can create reminders in this group.',
    vi: 'Chỉ quản trị viên mới được tạo lời nhắc trong nhóm này.',
  },
  // booking pages
  bookingNotASlot: { en: 'This is not one of the free times of this page.', vi: 'Đây không phải là một khung giờ trống của trang này.' },
  bookingSlotTaken: {
    en: 'This time was just taken. Please choose another one.',
    vi: 'Thời gian này vừa có người đặt. Vui lòng chọn thời gian khác.',
  },
  bookingChallengeFailed: {
    en: 'The security check did not pass. Please try again.',
    vi: 'Kiểm tra bảo mật không thành công. Vui lòng thử lại.',
  },
  bookingPageInactive: { en: 'This page is not taking bookings right now.', vi: 'Trang này hiện không nhận đặt lịch.' },
  bookingDecided: {
    en: 'This booking was already approved, declined or canceled.',
    vi: 'Lịch hẹn này đã được xác nhận, từ chối hoặc hủy.',
  },
  bookingNotLive: { en: 'This booking is no longer active.', vi: 'Lịch hẹn này không còn hiệu lực.' },
  // saved and scheduled messages
  savedFull: { en: 'You can keep at most 1000 saved messages.', vi: 'Bạn chỉ có thể lưu tối đa 1000 tin nhắn.' },
  scheduledInPast: { en: 'Pick a time in the future.', vi: 'Hãy chọn một thời điểm trong tương lai.' },
  scheduledTooFar: { en: 'Pick a time within a year.', vi: 'Hãy chọn một thời điểm trong vòng một năm.' },
  scheduledFull: {
    en: 'You can have at most 100 scheduled messages waiting.',
    vi: 'Bạn chỉ có thể có tối đa 100 tin nhắn hẹn giờ đang chờ.',
  },
  scheduledNotWaiting: {
    en: 'This message was already sent or cancelled.',
    vi: 'Tin nhắn này đã được gửi hoặc đã bị hủy.',
  },
} as const satisfies Record<string, Record<Language, string>>

export type ServerMessageKey = keyof typeof SERVER_MESSAGES

export const serverMessage = (key: ServerMessageKey, lang: Language) => SERVER_MESSAGES[key][lang]

/** Field validation messages, rendered from a zod issue by contract/validation.ts. */
export const FIELD_MESSAGES = {
  required: { en: 'Field {field} is required', vi: 'Vui lòng nhập {field}' },
  /** A required field without a Vietnamese label: the sentence names no field (never an English key inside Vietnamese). */
  requiredUnnamed: { en: 'This field is required', vi: 'Vui lòng nhập trường này' },
  tooShort: { en: 'Must be at least {n} characters', vi: 'Phải có ít nhất {n} ký tự' },
  tooLong: { en: 'Must be at most {n} characters', vi: 'Không được vượt quá {n} ký tự' },
  email: { en: 'Email is invalid', vi: 'Email không hợp lệ' },
  invalid: { en: 'Value is invalid', vi: 'Giá trị không hợp lệ' },
  unknownField: { en: 'Unknown field', vi: 'Trường không được hỗ trợ' },
} as const satisfies Record<string, Record<Language, string>>

/**
 * How a request field is named inside a sentence, per language: the English message names the
 * wire key (`name`), the Vietnamese one a Vietnamese label ("tên"); a key without a label here
 * makes the Vietnamese message name no field (FIELD_MESSAGES.requiredUnnamed).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'tên',
  email: 'email',
  password: 'mật khẩu',
  code: 'mã xác minh',
  message: 'nội dung tin nhắn',
  description: 'mô tả',
  website: 'website',
  start_with: 'tên công ty',
  use_for: 'mục đích sử dụng',
  language: 'ngôn ngữ',
  keyword: 'từ khóa',
  file: 'tệp',
  channel_id: 'kênh',
  topic_id: 'cuộc trò chuyện',
  customer_id: 'người dùng',
  customer_ids: 'thành viên',
  label_id: 'nhãn',
  notify_id: 'thông báo',
  media_id: 'tệp',
  session_id: 'phiên đăng nhập',
  message_id: 'tin nhắn',
  client_id: 'mã tin nhắn',
  fcm_token: 'mã thiết bị',
  api_key: 'khóa API',
  role: 'vai trò',
  page: 'số trang',
}

/** "Field {field} is required" in the language, with the field named as that language names it (or not at all). */
export function requiredMessage(field: string, lang: Language): string {
  if (lang === 'en') return FIELD_MESSAGES.required.en.replace('{field}', field)
  const label = Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined
  return label ? FIELD_MESSAGES.required.vi.replace('{field}', label) : FIELD_MESSAGES.requiredUnnamed.vi
}
