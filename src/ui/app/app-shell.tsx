import type { ReactNode } from 'react'

export interface AppShellProps {
  sidebar: ReactNode
  header: ReactNode
  /** Drawers and modals. */
  overlays?: ReactNode
  children: ReactNode
}

/** The sidebar layout: sidebar on the left, top header and the page on the right. */
export function AppShell({ sidebar, header, overlays, children }: AppShellProps) {
  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50 text-slate-800">
      {sidebar}
      <div className="flex min-w-0 flex-1 flex-col">
        {header}
        <main id="main-content" tabIndex={-1} className="flex-1 overflow-y-auto focus:outline-none">
          {children}
        </main>
      </div>
      {overlays}
    </div>
  )
}
