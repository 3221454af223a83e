export interface SavedMarksInput {
  topicId: string
}

export interface ToggleSavedInput {
  messageId: string
  /** true: save it; false: take it out of the saved messages. */
  save: boolean
}

export interface SavedMarksContext extends SavedMarksInput {
  /** The chat's messages the user saved. */
  ids: string[]
  /** The change on its way. */
  toggling: ToggleSavedInput | null
  /** What the last change did (the view says "Saved" or "Removed from saved"). */
  done: 'saved' | 'removed' | null
  /** Why the last change failed. */
  error: string | null
}

export type SavedMarksEvent = { type: 'TOGGLE'; messageId: string } | { type: 'DISMISS' }
