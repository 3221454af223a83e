export interface UnsubscribeInput {
  /** The signed token of the email's link ('' when the link has none). */
  token: string
}

export interface UnsubscribeContext extends UnsubscribeInput {
  error: string | null
}

export type UnsubscribeEvent = { type: 'CONFIRM' }
