import { useLingui } from '@lingui/react/macro'
import type { TopicPermission } from '../../../contract/topic'

/** The group settings' names, in the user's language. */
export function useSettingLabels(): Record<TopicPermission, string> {
  const { t } = useLingui()
  return {
    add_member: t`Add members`,
    remove_member: t`Remove members`,
    reminder: t`Create reminders`,
    poll: t`Create polls`,
    edit_image: t`Edit the image`,
    edit_name: t`Edit the name`,
    pin_message: t`Pin messages`,
    call: t`Start calls`,
    send_message: t`Send messages`,
    stop_chat_bot: t`Stop the chatbot`,
  }
}
