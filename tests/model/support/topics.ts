import { ROLES } from '../../../contract/limits'
import { DEFAULT_TOPIC_PERMISSIONS, type Topic, type TopicInfo } from '../../../contract/topic'

/** A topic as the server answers it: a group outside any channel, unless `fields` say otherwise. */
export const topicFixture = (fields: Pick<Topic, '_id' | 'name'> & Partial<Topic>): Topic => ({
  image: null,
  photo_url: null,
  is_group: true,
  is_pin: false,
  is_seen: true,
  in_call: false,
  channel_id: null,
  admin: null,
  role: ROLES.member,
  members_count: 2,
  permission: DEFAULT_TOPIC_PERMISSIONS,
  label_id: null,
  created_at: '2026-03-01T09:00:00.000Z',
  message: null,
  partner_id: null,
  last_seen_seq: 0,
  ...fields,
})

/** A topic as GET topic/info answers it, with its members. */
export const topicInfoFixture = ({ customers = [], ...fields }: Pick<TopicInfo, '_id' | 'name'> & Partial<TopicInfo>): TopicInfo => ({
  ...topicFixture(fields),
  customers,
})
