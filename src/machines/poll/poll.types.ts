import type { Sender } from '../../../contract/message'
import type { Poll, PollNewOptionBody, PollShared, PollVoteBody } from '../../../contract/vote'

export type { Poll, PollNewOptionBody, PollShared, PollVoteBody, Sender }

export interface PollInput {
  /** The poll's id: its message's id. */
  pollId: string
  /** The message's text, shown while the poll loads. */
  question: string
  /** The reader, as a named poll lists them among an option's voters. */
  me: Sender
  /** The reader is an admin of the poll's topic (an admin may lock any poll of it). */
  isAdmin: boolean
  /** The clock (ms since the epoch): the poll closes by itself at its closing time. */
  now: () => number
}

export interface PollContext extends PollInput {
  /** The poll as the server last told it (vote/info, an answer, POLL_CHANGED). */
  poll: Poll | null
  /** The reader's choices sent and not answered yet: shown at once over `poll`, dropped on failure. */
  pending: string[] | null
  /** The option the reader is typing (where the poll takes new options). */
  newOption: string
  /** Why the last call failed (the server's message). */
  error: string | null
}

export type PollEvent =
  /** The reader chose an option (or chose their choice again). */
  | { type: 'VOTE'; optionId: string }
  /** Socket POLL_CHANGED of this poll; `mine` only in the copy sent to the reader's own sockets. */
  | { type: 'CHANGED'; poll: PollShared; mine?: string[] }
  | { type: 'NEW_OPTION_TEXT'; text: string }
  | { type: 'ADD_OPTION' }
  | { type: 'LOCK' }
  | { type: 'RETRY' }
  /** The socket connected again: the poll is read again. */
  | { type: 'REFRESH' }

/** What a refused call fails with: the server's message and, when it said the poll stopped (409), the poll as it is now. */
export interface PollRefusal {
  message: string
  poll?: Poll | null
}
