import { useMeetingForm } from '../services/meeting-form'
import { MeetingDialog } from '../ui/meeting-form/meeting-dialog'

/** The meeting-now dialog (the meetingForm machine), mounted while it shows; loaded when first opened. */
export default function MeetingNow({ name, onClosed }: { name: string; onClosed: () => void }) {
  return <MeetingDialog {...useMeetingForm(name, onClosed)} />
}
