import { Trans, useLingui } from '@lingui/react/macro'
import type { TaskAction, TaskStatusProps } from '../../machines/task-status'
import { Alert } from '../alert'
import { Button } from '../button'
import { StatusBadge } from './calendar-words'

/** A move's button words. */
function useActionName() {
  const { t } = useLingui()
  return (action: TaskAction): string => {
    switch (action) {
      case 'ACCEPT':
        return t`Accept`
      case 'REJECT':
        return t`Reject`
      case 'START':
        return t`Start`
      case 'DONE':
        return t`Done`
      case 'FAIL':
        return t`Failed`
      case 'CANCEL_TASK':
        return t`Cancel task`
      case 'REOPEN':
        return t`Reopen`
    }
  }
}

const VARIANT: Record<TaskAction, 'primary' | 'secondary' | 'danger'> = {
  ACCEPT: 'primary',
  REJECT: 'secondary',
  START: 'primary',
  DONE: 'primary',
  FAIL: 'secondary',
  CANCEL_TASK: 'danger',
  REOPEN: 'secondary',
}

/** A task's status and the moves the reader may make (exactly those the task statechart allows them). */
export function TaskStatusView(props: TaskStatusProps & { title: string }) {
  const { t } = useLingui()
  const name = useActionName()
  const { title } = props
  return (
    <section aria-label={t`Task status`} className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Trans>Status:</Trans> <StatusBadge status={props.status} />
        {props.busy ? (
          <span role="status" className="text-slate-500">
            <Trans>Saving…</Trans>
          </span>
        ) : null}
      </p>
      {props.error ? <Alert className="mt-3">{props.error}</Alert> : null}
      {props.actions.length > 0 ? (
        <div role="group" aria-label={t`Change the status of ${title}`} className="mt-3 flex flex-wrap gap-2">
          {props.actions.map((button) => (
            <Button key={button.action} variant={VARIANT[button.action]} onClick={button.onClick} disabled={props.busy}>
              {name(button.action)}
            </Button>
          ))}
        </div>
      ) : null}
    </section>
  )
}
