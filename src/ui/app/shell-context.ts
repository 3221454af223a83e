import { createContext, useContext } from 'react'

/** What pages inside the sidebar layout may ask of it. */
export interface ShellActions {
  /** Opens the privacy settings modal (the account menu's entry 'setting'). */
  openPrivacySettings: () => void
}

export const ShellActionsContext = createContext<ShellActions>({ openPrivacySettings: () => {} })

export const useShellActions = () => useContext(ShellActionsContext)
