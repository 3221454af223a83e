export {
  clientIdOf,
  mentionedIn,
  mergeReplies,
  replyOf,
  threadMachine,
  threadSampleInput,
  type ThreadActor,
  type ThreadMachine,
  type ThreadSnapshot,
} from './thread.machine'
export { connect, type ThreadProps } from './thread.connect'
export type {
  ThreadContext,
  ThreadEvent,
  ThreadFollowInput,
  ThreadInput,
  ThreadMember,
  ThreadPage,
  ThreadPageInput,
  ThreadReplyInput,
} from './thread.types'
