import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useContactList } from '../../services/contact-list'
import { Page } from '../../ui/app/page'
import { ContactCard } from '../../ui/contact/contact-card'
import { ContactListView } from '../../ui/contact/contact-list-view'
import { ContactTabs } from '../../ui/contact/contact-tabs'
import { BlockedRow, RequestRow } from './-friend-status'

/** /contact: friends (chat, call, archive), friend requests (accept, reject), archived friends (chat, call, unarchive) and blocked people (unblock). */
export const Route = createFileRoute('/_app/contact')({ component: ContactsPage })

function ContactsPage() {
  return (
    <Page title={<Trans>Contacts</Trans>}>
      <ContactTabs friends={<FriendsTab />} requests={<RequestsTab />} archived={<ArchivedTab />} blocked={<BlockedTab />} />
    </Page>
  )
}

function FriendsTab() {
  const list = useContactList('friends')
  return <ContactListView list={list}>{(item) => <ContactCard key={item._id} item={item} move={list.move} />}</ContactListView>
}

function ArchivedTab() {
  const list = useContactList('archived')
  return <ContactListView list={list}>{(item) => <ContactCard key={item._id} item={item} move={list.move} />}</ContactListView>
}

function RequestsTab() {
  const list = useContactList('requests')
  return <ContactListView list={list}>{(item) => <RequestRow key={item._id} item={item} onRemove={list.onRemove} />}</ContactListView>
}

function BlockedTab() {
  const list = useContactList('blocked')
  return <ContactListView list={list}>{(item) => <BlockedRow key={item._id} item={item} onRemove={list.onRemove} />}</ContactListView>
}
