/** One person who may be given a to-do or a task, as a form's connect offers them. */
export interface AssigneeChoice {
  id: string
  name: string
  checked: boolean
  onChange: (checked: boolean) => void
}

/** The people a to-do or a task may be given to, each a checkbox with their name (touch-sized rows). */
export function AssigneeChecklist({ assignees, disabled }: { assignees: readonly AssigneeChoice[]; disabled: boolean }) {
  return (
    <ul className="mt-1 max-h-40 space-y-1 overflow-y-auto">
      {assignees.map((person) => (
        <li key={person.id}>
          <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={person.checked}
              disabled={disabled}
              onChange={(event) => person.onChange(event.target.checked)}
              className="h-4 w-4 rounded border-slate-300"
            />
            <span className="min-w-0 truncate">{person.name}</span>
          </label>
        </li>
      ))}
    </ul>
  )
}
