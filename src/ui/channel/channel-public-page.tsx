import type { FormEvent, ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ChannelJoinFormProps, ChannelPageProps } from '../../machines/channel-join'
import { Alert } from '../alert'
import { Button, buttonClass } from '../button'
import { LoadFailed } from '../load-failed'
import { RichText } from '../rich-text'
import { TextField } from '../text-field'

const PRESET_BANNERS: Record<string, string> = {
  sme: 'bg-gradient-to-r from-indigo-600 via-sky-500 to-emerald-400',
  edu: 'bg-gradient-to-r from-amber-500 via-orange-400 to-rose-400',
}

/**
 * /channel/{id} and /c/{id}: a channel's card for anyone. A signed-in visitor joins a public
 * channel with one click, a private one with its password; a member goes to its chats and sees
 * the channel's members (`members`).
 */
export function ChannelPublicPage({
  status,
  channel,
  action,
  onRetry,
  members,
}: Omit<ChannelPageProps, 'member'> & { members?: ReactNode }) {
  const { t } = useLingui()
  if (status === 'loading')
    return (
      <p role="status" className="mx-auto max-w-3xl p-8 text-slate-500">
        <Trans>Loading channel…</Trans>
      </p>
    )
  if (!channel)
    return (
      <div className="mx-auto max-w-3xl p-8">
        <LoadFailed onRetry={onRetry} className="items-start">
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">
              <Trans>Channel not found</Trans>
            </h1>
            <p className="mt-2 text-slate-600">
              <Trans>This channel does not exist or was removed.</Trans>
            </p>
          </div>
        </LoadFailed>
      </div>
    )

  const banner = channel.banner && PRESET_BANNERS[channel.banner]
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      {banner ? (
        <div className={`h-36 rounded-xl ${banner}`} aria-hidden="true" />
      ) : channel.banner ? (
        <img src={channel.banner} alt="" className="h-36 w-full rounded-xl object-cover" />
      ) : null}
      <div className="mt-4 flex items-center gap-4">
        {channel.image ? (
          <img src={channel.image} alt={t`Channel image`} className="h-16 w-16 rounded-xl border border-slate-200 object-cover" />
        ) : null}
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold text-slate-900">{channel.name}</h1>
          <p className="text-sm text-slate-600">
            {channel.is_public ? <Trans>Public channel</Trans> : <Trans>Private channel</Trans>} ·{' '}
            <Trans>{channel.members_count} members</Trans>
          </p>
        </div>
      </div>
      {/* Sanitised by the server (server/http/sanitize.ts) and again as it renders. */}
      <RichText className="prose-sm mt-4 break-words text-slate-800" html={channel.description} />
      <div className="mt-6">
        {action?.kind === 'open' ? (
          <Link to="/chat/default" className={buttonClass('primary', 'md')}>
            <Trans>Open chats</Trans>
          </Link>
        ) : action?.kind === 'login' ? (
          <Link to="/login" search={{ redirect: action.redirect }} className={buttonClass('primary', 'md')}>
            <Trans>Log in to join</Trans>
          </Link>
        ) : action?.kind === 'join' ? (
          <JoinForm {...action} />
        ) : null}
      </div>
      {members}
    </article>
  )
}

function JoinForm({ needsPassword, password, joining, canJoin, error, onPasswordChange, onJoin }: ChannelJoinFormProps) {
  const { t } = useLingui()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onJoin()
  }
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3">
      {needsPassword ? (
        <TextField
          label={t`Channel password`}
          type="password"
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
          autoComplete="off"
          disabled={joining}
        />
      ) : null}
      <Button type="submit" disabled={!canJoin} aria-busy={joining || undefined} className="self-start">
        <Trans>Join channel</Trans>
      </Button>
      {error ? <Alert>{error}</Alert> : null}
    </form>
  )
}
