import { canCreateChannel, nameProblem, passwordProblem, type ChannelFormSnapshot, type NameProblem } from './channel-form.machine'
import type { ChannelFormContext, ChannelFormEvent, ChannelImage, ChannelTextField, ChannelUseFor, ImageSlot } from './channel-form.types'

/** The create-channel modal's props and handlers. */
export interface ChannelFormProps {
  open: boolean
  /** The plan's quota is used up: only the limit message shows. */
  quotaReached: boolean
  limit: number
  name: string
  description: string
  isPublic: boolean
  password: string
  useFor: ChannelUseFor | null
  referralLink: string
  image: ChannelImage | null
  banner: ChannelImage | null
  /** Shown once the field was changed. */
  nameError: NameProblem
  passwordError: 'tooShort' | null
  canCreate: boolean
  /** The AI description button needs a non-empty description. */
  canGenerate: boolean
  busy: 'creating' | 'generating' | 'uploading' | null
  error: ChannelFormContext['error']
  onChange: (field: ChannelTextField, value: string) => void
  onSetPublic: (isPublic: boolean) => void
  onSetUseFor: (useFor: ChannelUseFor | null) => void
  onPickImage: (slot: ImageSlot, file: File) => void
  onRemoveImage: (slot: ImageSlot) => void
  onGenerate: () => void
  onSubmit: () => void
  onCancel: () => void
}

/** Pure: snapshot and send -> the create-channel modal's props and handlers. */
export function connect(snapshot: ChannelFormSnapshot, send: (event: ChannelFormEvent) => void): ChannelFormProps {
  const { limit, name, description, isPublic, password, useFor, referralLink, image, banner, touched, error } = snapshot.context
  const editing = snapshot.matches('editing')
  return {
    open: snapshot.status === 'active',
    quotaReached: snapshot.matches('quotaReached'),
    limit,
    name,
    description,
    isPublic,
    password,
    useFor: useFor ?? null,
    referralLink,
    image,
    banner,
    nameError: touched.name ? nameProblem(name) : null,
    passwordError: touched.password ? passwordProblem(snapshot.context) : null,
    canCreate: editing && canCreateChannel(snapshot.context),
    canGenerate: editing && description.trim() !== '',
    busy: snapshot.matches('creating')
      ? 'creating'
      : snapshot.matches('generating')
        ? 'generating'
        : snapshot.matches('uploading')
          ? 'uploading'
          : null,
    error,
    onChange: (field, value) => send({ type: 'CHANGE', field, value }),
    onSetPublic: (isPublic) => send({ type: 'SET_PUBLIC', isPublic }),
    onSetUseFor: (useFor) => send({ type: 'SET_USE_FOR', useFor }),
    onPickImage: (slot, file) => send({ type: 'PICK_IMAGE', slot, file }),
    onRemoveImage: (slot) => send({ type: 'REMOVE_IMAGE', slot }),
    onGenerate: () => send({ type: 'GENERATE_DESCRIPTION' }),
    onSubmit: () => send({ type: 'SUBMIT' }),
    onCancel: () => send({ type: 'CANCEL' }),
  }
}
