/** 'action': a control in the drawer opened something else (a panel, a modal). */
export type MobileNavCloseSource = 'overlay' | 'close-button' | 'escape' | 'action'

export type MobileNavEvent =
  { type: 'OPEN' } | { type: 'CLOSE'; source: MobileNavCloseSource } | { type: 'ROUTE_CHANGED'; pathname: string }
