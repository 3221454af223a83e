import type { NewGroupSnapshot } from './new-group.machine'
import type { Candidate, NewGroupEvent } from './new-group.types'

export interface NewGroupProps {
  open: boolean
  name: string
  /** The channel's members who can be added; null while they load. */
  candidates: Candidate[] | null
  chosen: string[]
  /** The group is being created: the form waits. */
  busy: boolean
  canSubmit: boolean
  /** Why the last create failed. */
  error: string | null
  onOpen: (channelId: string, chosen?: string[]) => void
  onClose: () => void
  onName: (name: string) => void
  onToggleMember: (memberId: string) => void
  onSubmit: () => void
}

/** Pure: snapshot -> the new-group dialog's props and handlers. */
export function connect(snapshot: NewGroupSnapshot, send: (event: NewGroupEvent) => void): NewGroupProps {
  const { name, candidates, chosen, error } = snapshot.context
  const busy = snapshot.matches({ open: 'creating' })
  return {
    open: snapshot.matches('open'),
    name,
    candidates: snapshot.matches({ open: 'loadingMembers' }) ? null : candidates,
    chosen,
    busy,
    canSubmit: !busy && name.trim() !== '',
    error,
    onOpen: (channelId, chosen) => send({ type: 'OPEN', channelId, chosen }),
    onClose: () => send({ type: 'CLOSE' }),
    onName: (value) => send({ type: 'NAME', name: value }),
    onToggleMember: (memberId) => send({ type: 'TOGGLE_MEMBER', memberId }),
    onSubmit: () => send({ type: 'SUBMIT' }),
  }
}
