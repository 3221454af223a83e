import type { Channel, ChannelInfo } from '../../contract/channel'

/** A public channel card (GET channel/info) seen by a stranger; `over` changes what a test needs. */
export const channelInfo = (over: Partial<ChannelInfo> = {}): ChannelInfo => ({
  _id: 'ch-1',
  name: 'Acme',
  description: '<p>We make things.</p>',
  image: null,
  banner: null,
  is_public: true,
  use_for: null,
  referral_link: null,
  created_by: 'u-owner',
  created_at: '2026-02-01T08:00:00.000Z',
  members_count: 12,
  role: 0,
  topics: 3,
  roles: {},
  ...over,
})

/** A channel as GET channel/my-channel lists it, with the caller's role in it (40 owner, 20 member). */
export const channelWithRole = (_id: string, name: string, role: number): Channel => ({
  _id,
  name,
  description: '',
  image: null,
  banner: null,
  is_public: true,
  use_for: null,
  referral_link: null,
  created_by: null,
  created_at: '2026-02-01T08:00:00.000Z',
  members_count: 3,
  role,
})
