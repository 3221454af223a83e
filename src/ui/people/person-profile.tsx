import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { initialsOf } from '../../machines/session/session.rules'
import { Alert } from '../alert'
import { Avatar } from '../avatar'
import { PersonStatus, PresenceAvatar } from '../presence/presence-context'
import { buttonClass } from '../button'

export interface PersonProfileProps {
  /** Their id: their presence dot and custom status show on the card (when the user may see them). */
  userId?: string
  name: string
  workid: string
  photoUrl: string | null
  /** The friend and block buttons. */
  actions: ReactNode
  /** The call buttons (offered where Message is). */
  calls?: ReactNode
  /** Why a chat with them was refused (the server's words), shown instead of the Message button. */
  refusal?: string | null
  /** The signed-in user's own profile: no buttons. */
  isSelf?: boolean
  /** They take messages only from friends and the user is not one: Message is not offered, and this says why. */
  friendsOnly?: boolean
}

/** A person's profile: avatar, name, Work ID, Message (their 1:1 chat), the call buttons, and the friend and block buttons. */
export function PersonProfile({
  userId,
  name,
  workid,
  photoUrl,
  actions,
  calls = null,
  refusal = null,
  isSelf = false,
  friendsOnly = false,
}: PersonProfileProps) {
  return (
    <section aria-labelledby="person-name" className="mx-auto max-w-xl px-4 py-8 sm:px-6">
      <div className="flex flex-col items-center gap-3 rounded-lg border border-slate-200 bg-white p-6 text-center">
        {userId ? (
          <PresenceAvatar userId={userId} photoUrl={photoUrl} initials={initialsOf(name)} size={64} />
        ) : (
          <Avatar photoUrl={photoUrl} initials={initialsOf(name)} size={64} />
        )}
        <div>
          <h1 id="person-name" className="text-xl font-semibold text-slate-900">
            {name}
          </h1>
          <p className="text-sm text-slate-500">@{workid}</p>
          {userId ? <PersonStatus userId={userId} className="justify-center text-sm" /> : null}
        </div>
        {refusal ? <Alert className="w-full text-left">{refusal}</Alert> : null}
        {isSelf ? (
          <Link to="/account/profile" className={buttonClass('secondary', 'sm')}>
            <Trans>This is you: edit your profile</Trans>
          </Link>
        ) : (
          <div className="flex flex-col items-center gap-3">
            {refusal ? null : friendsOnly ? (
              <p className="text-sm text-slate-700">
                <Trans>{name} takes messages only from friends. Send a friend request to start a chat.</Trans>
              </p>
            ) : (
              <div className="flex flex-wrap justify-center gap-2">
                <Link to="/$workid" params={{ workid }} className={buttonClass('primary', 'sm')}>
                  <Trans>Message</Trans>
                </Link>
                {calls}
              </div>
            )}
            {actions}
          </div>
        )}
      </div>
    </section>
  )
}
