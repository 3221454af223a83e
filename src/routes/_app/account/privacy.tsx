import { createFileRoute, Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { User } from '../../../../contract/user'
import type { SessionState } from '../../../machines/session'
import { useContactList } from '../../../services/contact-list'
import { usePrivacyPage } from '../../../services/privacy-settings'
import { useSession } from '../../../services/session'
import { Page } from '../../../ui/app/page'
import { ContactListView } from '../../../ui/contact/contact-list-view'
import { BlockedRow } from '../-friend-status'
import { PrivacySwitchList, READ_RECEIPTS, WHO_MAY_REACH_YOU } from '../../../ui/settings/privacy-switch-list'

/** /account/privacy: who may call, message or add you (the privacy switches, saved as flipped), and the people you blocked. */
export const Route = createFileRoute('/_app/account/privacy')({ component: PrivacyPage })

const userOf = (state: SessionState): User | null => state?.context.user ?? null

function PrivacyPage() {
  const user = useSession(userOf)
  return (
    <Page title={<Trans>Privacy</Trans>}>
      {user ? <PrivacySwitches user={user} /> : null}
      <section aria-labelledby="blocked-heading" className="mt-8">
        <h2 id="blocked-heading" className="mb-1 text-lg font-semibold text-slate-900">
          <Trans>Blocked people</Trans>
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          <Trans>
            A blocked person cannot message, call or add you, or find you in search. To block someone, open their profile from{' '}
            <Link to="/contact" className="font-medium text-indigo-700 underline hover:text-indigo-600">
              your contacts
            </Link>
            .
          </Trans>
        </p>
        <BlockedPeople />
      </section>
    </Page>
  )
}

function PrivacySwitches({ user }: { user: User }) {
  const switches = usePrivacyPage(user)
  return (
    <>
      <section aria-labelledby="privacy-heading">
        <h2 id="privacy-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Who may reach you</Trans>
        </h2>
        <PrivacySwitchList {...switches} fields={WHO_MAY_REACH_YOU} />
      </section>
      <section aria-labelledby="receipts-heading" className="mt-8">
        <h2 id="receipts-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Read receipts</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>When this is off, people do not see how far you have read, and you do not see how far they have read.</Trans>
        </p>
        <PrivacySwitchList {...switches} fields={READ_RECEIPTS} />
      </section>
    </>
  )
}

function BlockedPeople() {
  const list = useContactList('blocked')
  return <ContactListView list={list}>{(item) => <BlockedRow key={item._id} item={item} onRemove={list.onRemove} />}</ContactListView>
}
