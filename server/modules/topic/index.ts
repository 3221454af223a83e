/** The topic module's public face: the membership and writer checks other modules rely on, and the topic service. */
export {
  effectiveTopicRole,
  requireTopicMember,
  requireTopicPermission,
  requireTopicWriter,
  type TopicAccess,
  topicAllowsSql,
  topicIdsOf,
  writerName,
} from './access'
export { topicRoutes } from './routes'
export { createTopicService, type TopicService } from './service'
