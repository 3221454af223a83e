import type { AttentionSettingsBody, DndOption } from '../../../contract/attention'
import { endpoints } from '../../../contract/endpoints'
import { call } from '../http'

/** The attention calls (contract/endpoints.ts, tag 'attention'). Failures stay quiet: the machines say what failed where it failed. */
const quiet = { quiet: true }

export const getAttentionSettings = () => call(endpoints.attentionSettings, undefined, quiet)
export const updateAttentionSettings = (body: AttentionSettingsBody) => call(endpoints.attentionUpdate, body, quiet)
export const setDnd = (option: DndOption) => call(endpoints.attentionDnd, { for: option }, quiet)
export const setTopicAttention = (body: {
  topic_id: string
  level?: 'everything' | 'mentions' | 'nothing'
  mute?: '1h' | 'tomorrow' | 'forever' | 'off'
}) => call(endpoints.attentionTopic, body, quiet)
export const personAttention = (customerId: string) => call(endpoints.attentionPerson, { customer_id: customerId }, quiet)
export const notifyAnyway = (topicId: string) => call(endpoints.attentionNotifyAnyway, { topic_id: topicId }, quiet)
export const unsubscribeDigest = (token: string) => call(endpoints.attentionUnsubscribe, { token }, quiet)
