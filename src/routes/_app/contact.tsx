import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react'
import type { ContactItem } from '../../machines/contact-list'
import { useStartCall } from '../../services/calls'
import { useContactList } from '../../services/contact-list'
import { CallButtons } from '../../ui/call-overlay/call-buttons'
import { useSearch } from '../../services/search'
import { buttonClass } from '../../ui/button'
import { SearchBox } from '../../ui/search/search-box'
import { Page } from '../../ui/app/page'
import { ContactCard } from '../../ui/contact/contact-card'
import { ContactListView } from '../../ui/contact/contact-list-view'
import { ContactTabs } from '../../ui/contact/contact-tabs'
import { BlockedRow, RequestRow } from './-friend-status'

/** /contact: friends (chat, archive; none yet: Find people), friend requests (accept, reject), archived friends (chat, call, unarchive) and blocked people (unblock). */
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
  return (
    <ContactListView list={list} emptyAction={<FindPeople />}>
      {(item) => <ContactCard key={item._id} item={item} move={list.move} calls={<ContactCalls item={item} />} />}
    </ContactListView>
  )
}

/** The empty Friends tab's way on: Find people opens a people search here (at every width), focused. */
function FindPeople() {
  return (
    <Disclosure>
      <DisclosureButton className={buttonClass('primary', 'sm', 'mt-4 data-[open]:hidden')}>
        <Trans>Find people</Trans>
      </DisclosureButton>
      <DisclosurePanel className="mt-4">
        <PeopleSearch />
      </DisclosurePanel>
    </Disclosure>
  )
}

function PeopleSearch() {
  return <SearchBox variant="field" {...useSearch('people')} />
}

function ArchivedTab() {
  const list = useContactList('archived')
  return (
    <ContactListView list={list}>
      {(item) => <ContactCard key={item._id} item={item} move={list.move} calls={<ContactCalls item={item} />} />}
    </ContactListView>
  )
}

function RequestsTab() {
  const list = useContactList('requests')
  return <ContactListView list={list}>{(item) => <RequestRow key={item._id} item={item} onRemove={list.onRemove} />}</ContactListView>
}

function BlockedTab() {
  const list = useContactList('blocked')
  return <ContactListView list={list}>{(item) => <BlockedRow key={item._id} item={item} onRemove={list.onRemove} />}</ContactListView>
}

/** A friend's voice and video call buttons (call/customer). */
function ContactCalls({ item }: { item: ContactItem }) {
  const { busy, start } = useStartCall()
  return (
    <CallButtons
      variant="button"
      name={item.name}
      busy={busy}
      onCall={(isVideo) => start({ customer_id: item._id }, isVideo, { name: item.name, photoUrl: item.photo_url })}
    />
  )
}
