import type { Locator, Page } from '@playwright/test'

/** The open chat's "Chat options" menu: one of its items (Chat info, Show / Hide pinned messages, To-dos). */
export async function chatOption(
  page: Page,
  item: 'Chat info' | 'Show pinned messages' | 'Hide pinned messages' | 'To-dos' | 'Reminders' | 'New reminder',
) {
  await page.getByRole('button', { name: 'Chat options' }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/** On a desktop: a message's action from its "more" menu (the row is a message's list item). */
export async function messageAction(
  row: Locator,
  action:
    'Reply' | 'Edit' | 'Delete' | 'Pin' | 'Unpin' | 'Forward' | 'Make a to-do' | 'Remind me about this' | 'Save' | 'Remove from saved',
) {
  await row.hover()
  await row.getByRole('button', { name: /^Actions for message from / }).click()
  await row.page().getByRole('menu').getByRole('menuitem', { name: action, exact: true }).click()
}
