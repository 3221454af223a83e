import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { initialsOf } from '../session/session.rules'
import type { ProfileSnapshot } from './profile.machine'
import type { AvatarError, ProfileEvent, ProfileNotice } from './profile.types'

type Send = (event: ProfileEvent) => void

const NOTICE_MESSAGES: Record<ProfileNotice, MessageDescriptor> = {
  nameSaved: msg`Your name has been saved`,
  avatarSaved: msg`Your avatar has been updated`,
}

const AVATAR_ERROR_MESSAGES: Record<AvatarError, MessageDescriptor> = {
  type: msg`You can only upload JPG/PNG file`,
  size: msg`The file is too large`,
}

export interface ProfileProps {
  name: string
  photoUrl: string | null
  initials: string
  savingName: boolean
  uploading: boolean
  /** 0..100 while uploading, else null. */
  uploadPercent: number | null
  avatarError: MessageDescriptor | null
  notice: MessageDescriptor | null
  onSaveName: (name: string) => void
  onPickAvatar: (file: File) => void
}

export function connect(snapshot: ProfileSnapshot, send: Send): ProfileProps {
  const { user, avatarError, notice, uploadPercent } = snapshot.context
  return {
    name: user?.name ?? '',
    photoUrl: user?.photo_url ?? null,
    initials: initialsOf(user?.name ?? ''),
    savingName: snapshot.matches('savingName'),
    uploading: snapshot.matches('uploadingAvatar'),
    uploadPercent,
    avatarError: avatarError ? AVATAR_ERROR_MESSAGES[avatarError] : null,
    notice: notice ? NOTICE_MESSAGES[notice] : null,
    onSaveName: (name) => send({ type: 'UPDATE_NAME', name }),
    onPickAvatar: (file) => send({ type: 'PICK_AVATAR', file }),
  }
}
