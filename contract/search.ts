import { z } from 'zod'
import { objectId, pageNumber } from './common'
import { sender } from './message'

/**
 * Search (GET super-search, GET message/search). Matching ignores case and accents ("nguyen" finds
 * "Nguyễn", "dang" finds "Đặng"); the server matches in the database. Each list is paged by 20.
 */
export const SEARCH_PAGE = 20
export const SEARCH_KEYWORD_MAX = 100

const keyword = z.string().trim().min(1).max(SEARCH_KEYWORD_MAX)

/** GET super-search?keyword&page. */
export const superSearchQuery = z.object({ keyword, page: pageNumber })
export type SuperSearchQuery = z.infer<typeof superSearchQuery>

/** A person found: never the caller, never someone who blocked the caller. Opens /{workid}. */
export const foundCustomer = z.object({
  _id: z.string(),
  name: z.string(),
  workid: z.string(),
  photo_url: z.string().nullable(),
})
export type FoundCustomer = z.infer<typeof foundCustomer>

/** A group topic the caller is a member of. Opens /chat/{_id}. */
export const foundTopic = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  channel_id: z.string().nullable(),
})
export type FoundTopic = z.infer<typeof foundTopic>

/** A public channel, or a private one the caller belongs to. Opens its page /channel/{_id}. */
export const foundChannel = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  is_public: z.boolean(),
  is_member: z.boolean(),
})
export type FoundChannel = z.infer<typeof foundChannel>

/**
 * Each list ranked: exact workid (people only), then names starting with the keyword, then names
 * containing it; page `page` of each list (20 a page: a list with 20 may have more).
 */
export const superSearchResult = z.object({
  customer: z.array(foundCustomer),
  topic: z.array(foundTopic),
  channel: z.array(foundChannel),
})
export type SuperSearchResult = z.infer<typeof superSearchResult>

/** GET message/search?keyword&page[&topic_id]: messages of the topics the caller belongs to, newest first. */
export const messageSearchQuery = z.object({
  keyword,
  page: pageNumber,
  topic_id: objectId.optional(),
})
export type MessageSearchQuery = z.infer<typeof messageSearchQuery>

/** A matched part of a snippet: `start` and `length` in UTF-16 code units of `text`. */
export const highlight = z.object({
  start: z.number().int().min(0),
  length: z.number().int().min(1),
})
export type Highlight = z.infer<typeof highlight>

/**
 * A message found: `text` is plain text (never HTML; an html message's tags are removed) around the
 * first match, `highlights` the matched parts of it; `truncated_start` / `truncated_end` say the
 * message goes on before / after. Opens /chat/{topic_id}?seq={seq}, or a thread-only reply's thread
 * (/chat/{topic_id}/thread/{thread_root_id}): the chat does not show it.
 */
export const foundMessage = z.object({
  _id: z.string(),
  topic_id: z.string(),
  /** The group's name, or '' for a 1:1 chat (then `partner_name`). */
  topic_name: z.string(),
  partner_name: z.string().nullable(),
  seq: z.number().int(),
  /** A reply shown only in its thread: the thread's root (null: the message shows in the chat). */
  thread_root_id: z.string().nullable(),
  sender: sender.nullable(),
  text: z.string(),
  highlights: z.array(highlight),
  truncated_start: z.boolean(),
  truncated_end: z.boolean(),
  created_at: z.string(),
})
export type FoundMessage = z.infer<typeof foundMessage>
