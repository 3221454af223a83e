import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useContactList } from '../../services/contact-list'
import { Page } from '../../ui/app/page'
import { ContactCard } from '../../ui/contact/contact-card'
import { ContactListView } from '../../ui/contact/contact-list-view'
import { ContactTabs } from '../../ui/contact/contact-tabs'
import { BlockedRow, RequestRow } from '../../ui/friend-status/live'

/** /contact: friends (chat, call), friend requests (accept, reject) and blocked people (unblock). */
export const Route = createFileRoute('/_app/contact')({ component: ContactsPage })

function ContactsPage() {
  return (
    <Page title={<Trans>Contacts</Trans>}>
      <ContactTabs friends={<FriendsTab />} requests={<RequestsTab />} blocked={<BlockedTab />} />
    </Page>
  )
}

function FriendsTab() {
  return <ContactListView list={useContactList('friends')}>{(item) => <ContactCard key={item._id} item={item} />}</ContactListView>
}

function RequestsTab() {
  const list = useContactList('requests')
  return <ContactListView list={list}>{(item) => <RequestRow key={item._id} item={item} onRemove={list.onRemove} />}</ContactListView>
}

function BlockedTab() {
  const list = useContactList('blocked')
  return <ContactListView list={list}>{(item) => <BlockedRow key={item._id} item={item} onRemove={list.onRemove} />}</ContactListView>
}
