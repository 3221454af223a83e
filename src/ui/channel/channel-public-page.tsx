import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ChannelInfo } from '../../../contract/channel'
import { ROLES } from '../../../contract/limits'
import { channelInfo, joinChannel } from '../../services/channels'
import { apiErrorOf } from '../../services/http'
import { TextField } from '../text-field'
import { ChannelMembers } from './channel-members'

const PRESET_BANNERS: Record<string, string> = {
  sme: 'bg-gradient-to-r from-indigo-600 via-sky-500 to-emerald-400',
  edu: 'bg-gradient-to-r from-amber-500 via-orange-400 to-rose-400',
}

/**
 * /channel/{id} and /c/{id}: a channel's card for anyone. A signed-in visitor joins a public
 * channel with one click, a private one with its password; a member goes to its chats.
 */
export function ChannelPublicPage({ channelId, loggedIn, meId }: { channelId: string; loggedIn: boolean; meId: string | null }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [channel, setChannel] = useState<ChannelInfo | 'missing' | null>(null)
  const [password, setPassword] = useState('')
  const [joining, setJoining] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    setChannel(null)
    channelInfo(channelId).then(setChannel, () => setChannel('missing'))
  }, [channelId, loggedIn])

  if (channel === null)
    return (
      <p role="status" className="mx-auto max-w-3xl p-8 text-slate-500">
        <Trans>Loading channel…</Trans>
      </p>
    )
  if (channel === 'missing')
    return (
      <div role="alert" className="mx-auto max-w-3xl p-8">
        <h1 className="text-2xl font-semibold text-slate-900">
          <Trans>Channel not found</Trans>
        </h1>
        <p className="mt-2 text-slate-600">
          <Trans>This channel does not exist or was removed.</Trans>
        </p>
      </div>
    )

  const member = channel.role >= ROLES.member
  const join = (event: FormEvent) => {
    event.preventDefault()
    setJoining(true)
    setError(null)
    joinChannel(channel._id, channel.is_public ? undefined : password).then(
      () => void navigate({ to: '/chat/default' }),
      (failure: unknown) => {
        setJoining(false)
        setError(apiErrorOf(failure)?.body?.message ?? t`Could not join the channel. Please try again.`)
      },
    )
  }
  const banner = channel.banner && PRESET_BANNERS[channel.banner]
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      {banner ? (
        <div className={`h-36 rounded-xl ${banner}`} aria-hidden="true" />
      ) : channel.banner ? (
        <img src={channel.banner} alt="" className="h-36 w-full rounded-xl object-cover" />
      ) : null}
      <div className="mt-4 flex items-center gap-4">
        {channel.image ? <img src={channel.image} alt={t`Channel image`} className="h-16 w-16 rounded-xl border border-slate-200 object-cover" /> : null}
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold text-slate-900">{channel.name}</h1>
          <p className="text-sm text-slate-600">
            {channel.is_public ? <Trans>Public channel</Trans> : <Trans>Private channel</Trans>} · <Trans>{channel.members_count} members</Trans>
          </p>
        </div>
      </div>
      {/* Sanitised by the server (server/http/sanitize.ts). */}
      <div className="prose-sm mt-4 break-words text-slate-800" dangerouslySetInnerHTML={{ __html: channel.description }} />
      <div className="mt-6">
        {member ? (
          <Link to="/chat/default" className="inline-flex rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            <Trans>Open chats</Trans>
          </Link>
        ) : !loggedIn ? (
          <Link to="/login" search={{ redirect: `/channel/${channel._id}` }} className="inline-flex rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">
            <Trans>Log in to join</Trans>
          </Link>
        ) : (
          <form onSubmit={join} className="flex max-w-md flex-col gap-3">
            {channel.is_public ? null : (
              <TextField label={t`Channel password`} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="off" disabled={joining} />
            )}
            <button
              type="submit"
              disabled={joining || (!channel.is_public && password === '')}
              aria-busy={joining || undefined}
              className="self-start rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50"
            >
              <Trans>Join channel</Trans>
            </button>
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </form>
        )}
      </div>
      {member ? <ChannelMembers channelId={channel._id} myRole={channel.role} meId={meId} /> : null}
    </article>
  )
}
