import { useState } from 'react'
import type { CustomStatus } from '../../contract/presence'
import { liveStatus, usePresence } from '../services/presence'
import { useStatusForm } from '../services/status-form'
import { StatusFormView } from '../ui/presence/status-form-view'
import { StatusSection } from '../ui/presence/status-section'

/** The account menu's custom status: shown from the user's own presence, changed in the status form. */
export function MyStatus({ meId, away }: { meId: string; away: boolean }) {
  const status = liveStatus(usePresence(meId))
  const [open, setOpen] = useState(false)
  return (
    <StatusSection status={status} away={away} onEdit={() => setOpen(true)}>
      {open ? <StatusDialog current={status} onClose={() => setOpen(false)} /> : null}
    </StatusSection>
  )
}

function StatusDialog({ current, onClose }: { current: CustomStatus | null; onClose: () => void }) {
  return <StatusFormView open onClose={onClose} {...useStatusForm(current, onClose)} />
}
