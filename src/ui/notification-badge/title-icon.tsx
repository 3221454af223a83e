import { useEffect } from 'react'
import type { TitleIcon as TitleIconNumber } from '../../machines/notification-badge'

export const DEFAULT_FAVICON = '/favicon.svg'

/** The browser tab icon: the app icon, or a red badge with 1..4, or '5+' for 5 and more. */
export function titleIconHref(icon: TitleIconNumber): string {
  if (icon === 0) return DEFAULT_FAVICON
  const label = icon >= 5 ? '5+' : String(icon)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="7" fill="#4f46e5"/>` +
    `<circle cx="21" cy="11" r="11" fill="#ef4444"/>` +
    `<text x="21" y="15.5" font-family="Arial,sans-serif" font-size="${label.length > 1 ? 11 : 14}" font-weight="700" fill="#fff" text-anchor="middle">${label}</text>` +
    `</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

function setIcon(icon: TitleIconNumber) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel~="icon"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'icon'
    document.head.appendChild(link)
  }
  link.type = 'image/svg+xml'
  link.href = titleIconHref(icon)
  link.dataset.count = String(icon)
}

/** Keeps the document's icon link in step with the title icon number (renders nothing); the plain icon again when it goes. */
export function TitleIcon({ icon }: { icon: TitleIconNumber }) {
  useEffect(() => setIcon(icon), [icon])
  useEffect(() => () => setIcon(0), [])
  return null
}
