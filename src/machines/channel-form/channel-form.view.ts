import { canCreateChannel, nameProblem, passwordProblem, type ChannelFormContext, type ChannelFormSnapshot, type NameProblem } from './channel-form.machine'

export interface ChannelFormView {
  open: boolean
  /** The plan's quota is used up: only the limit message shows. */
  quotaReached: boolean
  limit: number
  name: string
  description: string
  isPublic: boolean
  password: string
  useFor: ChannelFormContext['useFor'] | null
  referralLink: string
  image: ChannelFormContext['image']
  banner: ChannelFormContext['banner']
  /** Shown once the field was changed. */
  nameError: NameProblem
  passwordError: 'tooShort' | null
  canCreate: boolean
  /** The AI description button needs a non-empty description. */
  canGenerate: boolean
  busy: 'creating' | 'generating' | 'uploading' | null
  error: ChannelFormContext['error']
}

/** Pure: snapshot -> the create-channel modal's props. */
export function channelFormView(snapshot: ChannelFormSnapshot): ChannelFormView {
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
    busy: snapshot.matches('creating') ? 'creating' : snapshot.matches('generating') ? 'generating' : snapshot.matches('uploading') ? 'uploading' : null,
    error,
  }
}
