import { Trans, useLingui } from '@lingui/react/macro'
import type { Message } from '../../../contract/message'
import type { Reader } from '../../../contract/presence'
import { initialsOf } from '../../machines/session/session.rules'
import { Avatar } from '../avatar'

/** Who has read up to where: each reader under the latest loaded message they have seen (not one of their own). */
export function readersByMessage(messages: readonly Message[], readers: readonly Reader[]): Map<string, Reader[]> {
  const at = new Map<string, Reader[]>()
  for (const reader of readers) {
    let anchor: Message | undefined
    for (const m of messages) if (m.seq <= reader.seq && m.sender?._id !== reader.user_id) anchor = m
    if (!anchor) continue
    at.set(anchor._id, [...(at.get(anchor._id) ?? []), reader])
  }
  return at
}

/** Under a message: "Seen" in a 1:1 chat; in a group, the readers' small avatars named "Seen by A, B". */
export function SeenBy({ readers, oneToOne }: { readers: Reader[]; oneToOne: boolean }) {
  const { t } = useLingui()
  const names = readers.map((r) => r.name).join(', ')
  if (oneToOne)
    return (
      <p className="px-4 pb-1 text-right text-xs text-slate-600">
        <Trans>Seen</Trans>
      </p>
    )
  return (
    <div role="group" aria-label={t`Seen by ${names}`} className="flex justify-end gap-0.5 px-4 pb-1" title={t`Seen by ${names}`}>
      {readers.slice(0, 8).map((r) => (
        <span key={r.user_id} className="inline-flex h-4 w-4 overflow-hidden rounded-full [&>*]:h-4 [&>*]:w-4 [&>*]:text-[8px]">
          <Avatar photoUrl={r.photo_url} initials={initialsOf(r.name)} />
        </span>
      ))}
      {readers.length > 8 ? <span className="text-xs text-slate-600">+{readers.length - 8}</span> : null}
    </div>
  )
}
