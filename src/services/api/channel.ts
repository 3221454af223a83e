import type { AssignableRole, ChannelCreateBody } from '../../../contract/channel'
import { endpoints } from '../../../contract/endpoints'
import { call } from '../http'

/** The channel calls (contract/endpoints.ts, tag 'channel'). */
const quiet = { quiet: true }

export const searchChannels = (keyword: string, page = 1) => call(endpoints.channelList, { keyword, page }, quiet)
export const myChannels = () => call(endpoints.myChannel)
export const channelInfo = (channelId: string) => call(endpoints.channelInfo, { channel_id: channelId }, quiet)
export const channelPage = (channelId: string, page = 1) => call(endpoints.channelPage, { channel_id: channelId, page })
export const createChannel = (body: ChannelCreateBody) => call(endpoints.channelCreate, body, quiet)
export const joinChannel = (channelId: string, password?: string) =>
  call(endpoints.channelJoin, password === undefined ? { channel_id: channelId } : { channel_id: channelId, password }, quiet)

/** POST channel/suggest-description: the suggestion's text (result.choices[0].message.content). */
export async function suggestDescription(description: string): Promise<string> {
  const suggestion = await call(endpoints.suggestDescription, { description }, quiet)
  return suggestion.choices[0]!.message.content
}
export const setChannelRole = (channelId: string, customerId: string, role: AssignableRole) =>
  call(endpoints.channelRole, { channel_id: channelId, customer_id: customerId, role })
export const removeChannelMember = (channelId: string, customerId: string) =>
  call(endpoints.channelMemberRemove, { channel_id: channelId, customer_id: customerId }, quiet)
export const leaveChannel = (channelId: string) => call(endpoints.channelLeave, { channel_id: channelId }, quiet)
export const channelLabels = (channelId: string) => call(endpoints.channelLabels, { channel_id: channelId })
export const addChannelLabel = (channelId: string, name: string, color: string) =>
  call(endpoints.channelLabelAdd, { channel_id: channelId, name, color })
export const deleteChannelLabel = (labelId: string) => call(endpoints.channelLabelDelete, { label_id: labelId })
