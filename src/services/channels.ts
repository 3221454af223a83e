import type { AssignableRole, Channel, ChannelCreateBody, ChannelInfo, ChannelPage, Label, Member, SeenEntry, Suggestion } from '../../contract/channel'
import type { User } from '../../contract/user'
import { API } from '../../contract/routes'
import { http, unwrap } from './http'

/** The channel calls of contract/channel.ts. */
const quiet = { context: { quiet: true } }

export const searchChannels = (keyword: string, page = 1) => unwrap(http.get(API.channelList, { ...quiet, searchParams: { keyword, page } }).json<{ result: Channel[] }>())
export const myChannels = () => unwrap(http.get(API.myChannel).json<{ result: Channel[] }>())
export const channelInfo = (channelId: string) => unwrap(http.get(API.channelInfo, { ...quiet, searchParams: { channel_id: channelId } }).json<{ result: ChannelInfo }>())
export const channelPage = (channelId: string, page = 1) => unwrap(http.get(API.channelPage, { searchParams: { channel_id: channelId, page } }).json<{ result: ChannelPage }>())
export const createChannel = (body: ChannelCreateBody) => unwrap(http.post(API.channelCreate, { ...quiet, json: body }).json<{ result: Channel }>())
export const joinChannel = (channelId: string, password?: string) =>
  unwrap(http.post(API.channelJoin, { ...quiet, json: password === undefined ? { channel_id: channelId } : { channel_id: channelId, password } }).json<{ result: Channel }>())
export const switchChannel = (channelId: string) => unwrap(http.put(API.currentChannel, { json: { channel_id: channelId } }).json<{ result: User }>())
export const channelSeen = () => unwrap(http.get(API.channelSeen, quiet).json<{ result: SeenEntry[] }>())

/** POST channel/suggest-description: the suggestion's text (result.choices[0].message.content). */
export async function suggestDescription(description: string): Promise<string> {
  const suggestion = await unwrap(http.post(API.suggestDescription, { ...quiet, json: { description } }).json<{ result: Suggestion }>())
  return suggestion.choices[0]!.message.content
}
export const setChannelRole = (channelId: string, customerId: string, role: AssignableRole) =>
  unwrap(http.put(API.channelRole, { json: { channel_id: channelId, customer_id: customerId, role } }).json<{ result: Member }>())
export const channelLabels = (channelId: string) => unwrap(http.get(API.channelLabel, { searchParams: { channel_id: channelId } }).json<{ result: Label[] }>())
export const addChannelLabel = (channelId: string, name: string, color: string) =>
  unwrap(http.post(API.channelLabel, { json: { channel_id: channelId, name, color } }).json<{ result: Label }>())
export const deleteChannelLabel = (labelId: string) => http.delete(API.channelLabel, { json: { label_id: labelId } }).json()
