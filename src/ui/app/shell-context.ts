import { createContext, useContext } from 'react'

/** What pages inside the sidebar layout may ask of it. */
export interface ShellActions {
  /** Opens the privacy settings modal (the account menu's entry 'setting'). */
  openPrivacySettings: () => void
  /** Opens the create-channel modal (the account channels the layout runs, as the account drawer's 'Create channel' does). */
  createChannel: () => void
}

export const ShellActionsContext = createContext<ShellActions>({ openPrivacySettings: () => {}, createChannel: () => {} })

export const useShellActions = () => useContext(ShellActionsContext)
