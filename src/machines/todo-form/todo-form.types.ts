import type { Sender } from '../../../contract/message'
import type { Todo, TodoCreateBody, TodoUpdateBody } from '../../../contract/todo'

export type { Sender, Todo, TodoCreateBody, TodoUpdateBody }

export interface TodoFormInput {
  /** Made once per dialog: every try of a new to-do sends it, so a retry after a lost answer makes no second one. */
  clientId: string
  /** The chat the to-do is in; null: a personal to-do (no assignees to choose). */
  topicId: string | null
  /**
   * Who may be assigned: the chat's members. null: not known here (editing a chat's to-do from
   * /todo): they are read first (`loadMembers`). A personal to-do: [].
   */
  members: Sender[] | null
  /** Editing: the to-do as it is; null: a new one. */
  todo: Todo | null
  /** A new to-do's title to start from (a message made into a to-do). */
  draftTitle?: string
}

/** What the fields held when the dialog opened (an edit sends only what differs from these). */
export interface TodoFormValues {
  title: string
  note: string
  assigneeIds: string[]
  /** A datetime-local value (local time, "2026-11-28T18:00"), '' for no due time. */
  dueAt: string
}

export interface TodoFormContext extends TodoFormInput, TodoFormValues {
  initial: TodoFormValues
  /** Save was refused here: the field messages show from then on. */
  checked: boolean
  /** The server's reason the last save (or the members' read) failed. */
  error: string | null
}

/** The call the dialog makes: POST todo/create, or PUT todo/update with the changed fields only. */
export type TodoSaveInput = { kind: 'create'; body: TodoCreateBody } | { kind: 'update'; body: TodoUpdateBody }

export type TodoFormEvent =
  | { type: 'TITLE'; value: string }
  | { type: 'NOTE'; value: string }
  | { type: 'ASSIGNEE'; id: string; checked: boolean }
  | { type: 'DUE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE' }

export type TitleProblem = 'required' | 'tooLong' | null
export type NoteProblem = 'tooLong' | null
export type AssigneesProblem = 'tooMany' | null
export type DueProblem = 'invalid' | null

/** What keeps the form from being sent, field by field. */
export interface TodoFormProblems {
  title: TitleProblem
  note: NoteProblem
  assignees: AssigneesProblem
  due: DueProblem
}
