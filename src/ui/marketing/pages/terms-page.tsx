import { Trans, useLingui } from '@lingui/react/macro'
import { COMPANY } from '../company'
import { LegalDocument, useDocumentTitle } from '../page-parts'

export function TermsPage() {
  const { t } = useLingui()
  useDocumentTitle(t`Terms and conditions`)
  const company = COMPANY.legalName
  const email = COMPANY.email
  return (
    <LegalDocument
      title={<Trans>Terms and conditions</Trans>}
      updated={<Trans>Last updated: 1 November 2026</Trans>}
      tocLabel={t`Sections of the terms`}
      intro={
        <p>
          <Trans>
            These terms form an agreement between you and {company} ("Workroom", "we", "us") for the use of the Workroom website, web app
            and mobile apps (the "Service"). By creating an account or using the Service you accept them. If you use Workroom on behalf of
            an organisation, you confirm that you may accept them for it.
          </Trans>
        </p>
      }
      sections={[
        {
          id: 'account',
          title: <Trans>Your account</Trans>,
          body: (
            <>
              <p>
                <Trans>
                  You must give a real name and an email address you control, and confirm that address with the code we send. You must be at
                  least 13 years old, or the minimum age of digital consent in your country if higher.
                </Trans>
              </p>
              <p>
                <Trans>
                  Keep your password secret and tell us at once if you suspect someone else has used your account. You are responsible for
                  what happens under your account until you tell us.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'plans',
          title: <Trans>Plans, payments and renewals</Trans>,
          body: (
            <>
              <p>
                <Trans>
                  The Freemium plan is free. Premium and Growth are paid subscriptions billed in advance in US dollars for each billing
                  period, and renew automatically until you cancel. Prices and the number of channels each plan lets you administer are
                  shown on the Pricing page.
                </Trans>
              </p>
              <p>
                <Trans>
                  If a renewal payment fails, we will notify you and try again. If it still fails within 5 days, the subscription is
                  cancelled and the account returns to Freemium. Fees already paid are not refunded, except where the law requires it.
                </Trans>
              </p>
            </>
          ),
        },
        {
          id: 'use',
          title: <Trans>Acceptable use</Trans>,
          body: (
            <>
              <p>
                <Trans>You agree not to use the Service to:</Trans>
              </p>
              <ul>
                <li>
                  <Trans>send spam, chain messages or unsolicited advertising;</Trans>
                </li>
                <li>
                  <Trans>share content that is unlawful, harassing, hateful, or that infringes someone else's rights;</Trans>
                </li>
                <li>
                  <Trans>upload malware, or probe, overload or break the security of the Service;</Trans>
                </li>
                <li>
                  <Trans>collect other users' personal data without their consent.</Trans>
                </li>
              </ul>
              <p>
                <Trans>We may remove content or suspend accounts that break these rules, and will tell you why when we can.</Trans>
              </p>
            </>
          ),
        },
        {
          id: 'content',
          title: <Trans>Your content</Trans>,
          body: (
            <p>
              <Trans>
                Messages, files and other content you add stay yours. You give us a limited licence to store, copy, process and display that
                content only as needed to run the Service for you and the people you share it with. You are responsible for having the right
                to share what you upload.
              </Trans>
            </p>
          ),
        },
        {
          id: 'channels',
          title: <Trans>Channels and administrators</Trans>,
          body: (
            <p>
              <Trans>
                The owner and administrators of a channel decide who may join it, can remove members and content, and can see the channel's
                dashboard, CRM and chatbot data. If you join an organisation's channel, that organisation's own rules also apply to what you
                post there.
              </Trans>
            </p>
          ),
        },
        {
          id: 'availability',
          title: <Trans>Availability and changes</Trans>,
          body: (
            <p>
              <Trans>
                We work to keep the Service available at all times but do not promise it will be uninterrupted. We may change or discontinue
                features; when a change materially reduces what a paid plan includes, we will give you at least 30 days' notice and let you
                cancel with a pro-rata refund.
              </Trans>
            </p>
          ),
        },
        {
          id: 'termination',
          title: <Trans>Ending the agreement</Trans>,
          body: (
            <p>
              <Trans>
                You may stop using the Service and delete your account at any time. We may suspend or end your access if you seriously or
                repeatedly break these terms. After an account is closed we delete its content as described in the Privacy policy.
              </Trans>
            </p>
          ),
        },
        {
          id: 'liability',
          title: <Trans>Disclaimers and liability</Trans>,
          body: (
            <p>
              <Trans>
                The Service is provided "as is". To the extent the law allows, we are not liable for indirect or consequential losses, and
                our total liability for any claim is limited to the amount you paid us in the 12 months before it arose. Nothing in these
                terms limits liability that cannot be limited by law.
              </Trans>
            </p>
          ),
        },
        {
          id: 'law',
          title: <Trans>Governing law</Trans>,
          body: (
            <p>
              <Trans>
                These terms are governed by the laws of Vietnam. We will first try to settle any dispute with you informally; if that fails,
                the competent courts of Ho Chi Minh City have jurisdiction, unless your local consumer law gives you the right to go to
                court where you live.
              </Trans>
            </p>
          ),
        },
        {
          id: 'contact',
          title: <Trans>Contact</Trans>,
          body: (
            <p>
              <Trans>
                Questions about these terms can be sent to{' '}
                <a href={`mailto:${email}`} className="text-indigo-700 underline">
                  {email}
                </a>
                . We may update the terms; if a change is significant we will notify you in the app or by email before it takes effect.
              </Trans>
            </p>
          ),
        },
      ]}
    />
  )
}
