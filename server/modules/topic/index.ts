/** The topic module's public face: the membership checks other modules rely on, and the topic service. */
export {
  effectiveTopicRole,
  memberName,
  requireTopicMember,
  requireTopicPermission,
  type TopicAccess,
  topicAllowsSql,
  topicIdsOf,
} from './access'
export { topicRoutes } from './routes'
export { createTopicService, type TopicService } from './service'
