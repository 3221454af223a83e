import { Link } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AccountStorageProps, StorageChannelUsage } from '../../machines/account-storage'
import { Page } from '../app/page'
import { fileSize } from '../file-size'
import { LoadFailed } from '../load-failed'

/** /account/storage: the user's storage against the plan's quota, by channel and chat, each channel linking to its files. */
export function StorageSummaryView({ status, usage, percent, channels, onRetry }: AccountStorageProps) {
  const { t } = useLingui()
  return (
    <Page title={<Trans>Storage</Trans>}>
      {status === 'loading' ? (
        <p role="status" className="text-sm text-slate-500">
          <Trans>Loading your storage…</Trans>
        </p>
      ) : status === 'failed' ? (
        <LoadFailed onRetry={onRetry}>
          <Trans>Could not load your storage.</Trans>
        </LoadFailed>
      ) : usage ? (
        <>
          <section aria-label={t`Storage used`} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-700">
              <Trans>
                {fileSize(usage.used)} of {fileSize(usage.quota)} used ({percent}%)
              </Trans>
            </p>
            <UsageBar used={usage.used} quota={usage.quota} percent={percent} />
            <p className="mt-2 text-xs text-slate-500">
              <Trans>
                Your plan ({usage.plan}) includes {fileSize(usage.quota)}. Files in the trash count until they are deleted for good.
              </Trans>{' '}
              <Link to="/account/trash" className="font-medium text-indigo-600 hover:underline">
                <Trans>Open the trash</Trans>
              </Link>{' '}
              ·{' '}
              <Link to="/pricing" className="font-medium text-indigo-600 hover:underline">
                <Trans>See the plans</Trans>
              </Link>
            </p>
          </section>
          {status === 'empty' ? (
            <p className="mt-6 text-sm text-slate-500">
              <Trans>No files stored yet. Files you share in chats and channels are counted here.</Trans>
            </p>
          ) : (
            <ul aria-label={t`Storage by channel`} className="mt-6 flex flex-col gap-3">
              {channels.map((channel) => (
                <ChannelUsage key={channel.channel_id ?? 'chats'} channel={channel} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Page>
  )
}

/**
 * The used share of the quota as a bar: an empty track (a thin outline, so it never reads as full)
 * and a filled part that shows as a visible sliver from the first byte.
 */
function UsageBar({ used, quota, percent }: { used: number; quota: number; percent: number }) {
  const { t } = useLingui()
  const usedText = fileSize(used)
  const quotaText = fileSize(quota)
  return (
    <div
      role="progressbar"
      aria-label={t`Storage used`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t`${usedText} of ${quotaText} used (${percent}%)`}
      className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-300 ring-inset"
    >
      {used > 0 ? <div className="h-full min-w-1.5 rounded-full bg-indigo-600" style={{ width: `${percent}%` }} /> : null}
    </div>
  )
}

function ChannelUsage({ channel }: { channel: StorageChannelUsage }) {
  const { t } = useLingui()
  const name = channel.channel_id ? channel.name : t`Private chats`
  return (
    <li aria-label={name} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">{name}</h2>
        <span className="text-sm text-slate-700">{fileSize(channel.bytes)}</span>
      </div>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {channel.topics.map((topic) => (
          <li key={topic.topic_id} className="flex justify-between gap-2 py-1">
            <span className="min-w-0 truncate text-slate-700">{topic.name || t`New conversation`}</span>
            <span className="shrink-0 text-slate-500">
              {fileSize(topic.bytes)} · <Plural value={topic.files} one="# file" other="# files" />
            </span>
          </li>
        ))}
      </ul>
      {channel.channel_id ? (
        <Link
          to="/chat/channel/$channelId/storage"
          params={{ channelId: channel.channel_id }}
          className="mt-2 inline-block text-sm font-medium text-indigo-600 hover:underline"
        >
          {t`Files of ${name}`}
        </Link>
      ) : null}
    </li>
  )
}
