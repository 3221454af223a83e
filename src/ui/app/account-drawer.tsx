import { type ReactNode, useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Avatar } from '../avatar'
import { Icon, type IconName } from '../icons'
import { Drawer } from './drawer'
import { buttonClass } from '../button'

export interface AccountDrawerProps {
  open: boolean
  onClose: () => void
  name: string
  email: string
  workid: string
  photoUrl: string | null
  initials: string
  planLabel: MessageDescriptor
  loggingOut: boolean
  onLogout: () => void
  /** The user's channels: switch the current one, create one. */
  channels?: ReactNode
  /** The user's custom status and how they appear (presence). */
  status?: ReactNode
}

const COPIED_MS = 2000

/** The account drawer: the user's card, profile link, the settings page, channels and logout. */
export function AccountDrawer({
  open,
  onClose,
  name,
  email,
  workid,
  photoUrl,
  initials,
  planLabel,
  loggingOut,
  onLogout,
  channels,
  status,
}: AccountDrawerProps) {
  const { t, i18n } = useLingui()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    if (await copyText(workid)) setCopied(true)
  }

  const links: { to: '/setting' | '/account/storage' | '/account/manage-payment'; icon: IconName; label: string }[] = [
    { to: '/setting', icon: 'settings', label: t`Settings` },
    { to: '/account/storage', icon: 'storage', label: t`Storage` },
    { to: '/account/manage-payment', icon: 'billing', label: t`Billing history` },
  ]

  return (
    <Drawer open={open} onClose={onClose} title={<Trans>Your account</Trans>} widthClass="sm:w-[356px]">
      <div className="flex flex-col gap-5 p-5">
        <div className="flex items-center gap-3">
          <Avatar photoUrl={photoUrl} initials={initials} size={64} />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-500">{email}</p>
            <span className="mt-1 inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-indigo-800">
              {i18n._(planLabel)}
            </span>
          </div>
        </div>
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            <Trans>Workid</Trans>
          </p>
          <div className="mt-1 flex items-center gap-2">
            <button
              type="button"
              onClick={copy}
              title={t`Copy workid`}
              className="flex min-w-0 flex-1 items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 font-mono text-sm text-slate-800 hover:bg-slate-50"
            >
              <span className="sr-only">{t`Copy workid`} </span>
              <span className="truncate">{workid}</span>
              <Icon name="copy" className="h-4 w-4 shrink-0 text-slate-500" />
            </button>
            <span role="status" className="w-16 text-xs font-medium text-emerald-700">
              {copied ? <Trans>Copied</Trans> : null}
            </span>
          </div>
        </div>
        {status}
        {channels}
        <Link to="/account/profile" onClick={onClose} className={buttonClass('primary', 'md', 'flex')}>
          <Icon name="user" className="h-4 w-4" />
          <Trans>Manage account</Trans>
        </Link>
        <ul className="-mx-2 flex flex-col">
          {links.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={onClose}
                className="flex items-center gap-3 rounded-md px-2 py-2 text-sm text-slate-700 hover:bg-slate-100"
              >
                <Icon name={link.icon} />
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          className="flex items-center justify-center gap-2 rounded-md border border-red-200 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          <Icon name="logout" className="h-4 w-4" />
          <Trans>Log out</Trans>
        </button>
      </div>
    </Drawer>
  )
}

/** Clipboard API, else the legacy copy command (plain-HTTP origins, refused permissions). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.appendChild(area)
    area.select()
    try {
      return document.execCommand('copy')
    } catch {
      return false
    } finally {
      area.remove()
    }
  }
}
