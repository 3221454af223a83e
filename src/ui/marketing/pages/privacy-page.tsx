import { Trans, useLingui } from '@lingui/react/macro'
import { COMPANY, companyAddress } from '../company'
import { LegalDocument, useDocumentTitle } from '../page-parts'

export function PrivacyPage() {
  const { t, i18n } = useLingui()
  useDocumentTitle(t`Privacy policy`)
  const company = COMPANY.legalName
  const address = companyAddress(i18n.locale)
  const email = COMPANY.privacyEmail
  return (
    <LegalDocument
      title={<Trans>Privacy policy</Trans>}
      updated={<Trans>Last updated: 1 November 2026</Trans>}
      tocLabel={t`Sections of the privacy policy`}
      intro={
        <p>
          <Trans>
            This policy explains what personal data Workroom collects, why, and the choices you have. {company}, {address}, is the
            controller of the personal data described here.
          </Trans>
        </p>
      }
      sections={[
        {
          id: 'collect',
          title: <Trans>Data we collect</Trans>,
          body: (
            <ul>
              <li>
                <Trans>Account data: your name, email address, password (stored only as a hash), workid, avatar and language.</Trans>
              </li>
              <li>
                <Trans>Content: the messages, files, reminders, bookings, polls and other items you create or share.</Trans>
              </li>
              <li>
                <Trans>Usage data: devices, browser type, IP address, sign-in times and which features you use.</Trans>
              </li>
              <li>
                <Trans>
                  Payment data: your plan and billing history. Card details are handled by our payment provider and never stored by us.
                </Trans>
              </li>
            </ul>
          ),
        },
        {
          id: 'purposes',
          title: <Trans>How we use it</Trans>,
          body: (
            <>
              <p>
                <Trans>We use personal data to:</Trans>
              </p>
              <ul>
                <li>
                  <Trans>provide the Service: deliver messages, calls, notifications and reminders;</Trans>
                </li>
                <li>
                  <Trans>secure accounts: verify emails, detect abuse and limit repeated sign-in attempts;</Trans>
                </li>
                <li>
                  <Trans>bill subscriptions and keep the records the law requires;</Trans>
                </li>
                <li>
                  <Trans>improve Workroom using aggregated statistics that do not identify you.</Trans>
                </li>
              </ul>
              <p>
                <Trans>We do not sell personal data, and we do not use the content of your conversations for advertising.</Trans>
              </p>
            </>
          ),
        },
        {
          id: 'sharing',
          title: <Trans>Who can see your data</Trans>,
          body: (
            <p>
              <Trans>
                Other users see what you share with them, such as your name, avatar and workid, and the messages you send to their topics.
                Channel owners and administrators see the members and activity of their channel. We use a small number of service providers
                for hosting, email delivery, push notifications and payments, under contracts that oblige them to protect the data. We
                disclose data to authorities only when the law requires it.
              </Trans>
            </p>
          ),
        },
        {
          id: 'retention',
          title: <Trans>How long we keep it</Trans>,
          body: (
            <p>
              <Trans>
                We keep account data and content while your account is open. Files you delete go to the trash, from which they are
                permanently removed after 30 days. When you close your account we delete your content within 30 days, except billing
                records, which we keep for as long as tax law requires.
              </Trans>
            </p>
          ),
        },
        {
          id: 'security',
          title: <Trans>Security</Trans>,
          body: (
            <p>
              <Trans>
                Data travels over encrypted connections. Passwords are hashed with a modern algorithm, sign-in tokens are short-lived and
                rotated, and access to production systems is limited to the staff who need it.
              </Trans>
            </p>
          ),
        },
        {
          id: 'rights',
          title: <Trans>Your rights and choices</Trans>,
          body: (
            <>
              <p>
                <Trans>
                  You can see and correct your profile in the app at any time. You may also ask us for a copy of your data, to delete it, or
                  to restrict or object to how we process it. We answer within 30 days.
                </Trans>
              </p>
              <p>
                <Trans>
                  Privacy settings let you decide whether only friends may call you, chat with you or add you to topics, and you can turn
                  notification sounds and browser push on or off.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'storage',
          title: <Trans>Cookies and local storage</Trans>,
          body: (
            <p>
              <Trans>
                Workroom stores a small amount of data in your browser: your sign-in session and your language choice. We do not use
                third-party advertising cookies.
              </Trans>
            </p>
          ),
        },
        {
          id: 'children',
          title: <Trans>Children</Trans>,
          body: (
            <p>
              <Trans>
                Workroom is not intended for children under 13. Schools that invite younger students must have the consent of a parent or
                guardian and manage those accounts in their own channel.
              </Trans>
            </p>
          ),
        },
        {
          id: 'contact',
          title: <Trans>Contact and changes</Trans>,
          body: (
            <p>
              <Trans>
                Write to{' '}
                <a href={`mailto:${email}`} className="text-indigo-700 underline">
                  {email}
                </a>{' '}
                for any privacy question or request. If we change this policy in a way that matters, we will tell you in the app or by email
                before the change applies.
              </Trans>
            </p>
          ),
        },
      ]}
    />
  )
}
