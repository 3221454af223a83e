import { type ReactNode, Suspense, useState } from 'react'

/**
 * An overlay (drawer, modal) given as a React.lazy view: mounted, and so its code and the dialog
 * library's loaded, once it is first opened, not with the page. It stays mounted after, so it
 * closes with its transition and opens again at once.
 */
export function WhenOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null
}
