// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import type { AttentionSettingsBody } from '../../../contract/attention'
import type { AttentionSettingsFormProps } from '../../../src/machines/attention'
import { AttentionSettingsSection } from '../../../src/ui/attention/attention-settings-section'

/** The notifications form keeps what the user is editing when stored settings change meanwhile, and follows them otherwise. */

const stored = (over: Partial<AttentionSettingsFormProps> = {}): AttentionSettingsFormProps => ({
  status: 'ready',
  timeZone: null,
  schedule: null,
  keywords: [],
  digestEmail: true,
  saving: false,
  error: null,
  onSave: () => {},
  onRetry: () => {},
  ...over,
})

const page = (props: AttentionSettingsFormProps) => (
  <I18nProvider i18n={i18n}>
    <AttentionSettingsSection {...props} />
  </I18nProvider>
)

const scheduleBox = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Do not disturb outside working hours' })
const zone = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Time zone' })

describe('notification settings form', () => {
  it('an edit under way survives the browser’s time zone being stored meanwhile, and Save sends it', async () => {
    const saves: AttentionSettingsBody[] = []
    const { rerender } = render(page(stored({ onSave: (body) => saves.push(body) })))
    await userEvent.click(scheduleBox())
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'From' }).disabled).toBe(false)
    rerender(page(stored({ timeZone: 'Asia/Ho_Chi_Minh', onSave: (body) => saves.push(body) })))
    expect(scheduleBox().checked).toBe(true)
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'From' }).disabled).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }))
    expect(saves).toHaveLength(1)
    expect(saves[0]!.dnd_schedule).toEqual({ enabled: true, days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' })
  })

  it('untouched, it shows stored values as they change; after a save it follows them again', async () => {
    const { rerender } = render(page(stored({ timeZone: 'UTC' })))
    rerender(page(stored({ timeZone: 'Asia/Ho_Chi_Minh' })))
    expect(zone().value).toBe('Asia/Ho_Chi_Minh')
    await userEvent.click(scheduleBox())
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }))
    const schedule = { enabled: true, days: [1, 2], start: '08:00', end: '16:00' }
    rerender(page(stored({ timeZone: 'Asia/Ho_Chi_Minh', schedule })))
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'From' }).value).toBe('08:00')
  })
})
