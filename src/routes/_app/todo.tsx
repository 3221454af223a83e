import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { meIdOf } from '../../machines/session'
import { useSession } from '../../services/session'
import { Page } from '../../ui/app/page'
import { TodoBoard } from '../-todos'

/** /todo: the reader's to-dos (made by or assigned to them, personal and in chats), with the filter tabs and "New to-do" (personal). */
export const Route = createFileRoute('/_app/todo')({ component: TodoPage })

function TodoPage() {
  const { t } = useLingui()
  const meId = useSession(meIdOf)
  return (
    <Page title={<Trans>To-dos</Trans>}>
      {meId ? <TodoBoard key={meId} topicId={null} meId={meId} isAdmin={false} members={null} label={t`My to-dos`} /> : null}
    </Page>
  )
}
