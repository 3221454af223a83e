import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { COMPANY, companyAddress } from './company'
import { Logo } from './logo'
import { StoreButtons } from './store-buttons'

const footLink = 'text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-indigo-400 rounded'
const heading = 'text-sm font-semibold uppercase tracking-wide text-white'

/** Marketing footer: company links, legal pages, contact details, app-store links, copyright. */
export function MarketingFooter() {
  const { t, i18n } = useLingui()
  const year = new Date().getFullYear()
  const years = year > COMPANY.foundedYear ? `${COMPANY.foundedYear}–${year}` : String(year)
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Link to="/" aria-label={t`Workroom home`} className="inline-block rounded-md bg-white px-2 py-1">
            <Logo />
          </Link>
          <p className="max-w-xs text-sm leading-6">
            <Trans>Channels, topic chats, calls and calendars for individuals, businesses and educators, in one workroom.</Trans>
          </p>
        </div>

        <nav aria-label={t`Company`} className="space-y-3">
          <h2 className={heading}>
            <Trans>Company</Trans>
          </h2>
          <ul className="space-y-2">
            <li>
              <Link to="/about" className={footLink}>
                <Trans>About Us</Trans>
              </Link>
            </li>
            <li>
              <Link to="/maas" className={footLink}>
                <Trans>Managed services</Trans>
              </Link>
            </li>
            <li>
              <Link to="/product" className={footLink}>
                <Trans>Product</Trans>
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={footLink}>
                <Trans>Pricing</Trans>
              </Link>
            </li>
            <li>
              <Link to="/docs" className={footLink}>
                <Trans>User guide</Trans>
              </Link>
            </li>
            <li>
              <a href={COMPANY.blogUrl} target="_blank" rel="noopener noreferrer" className={footLink}>
                <Trans>Blog</Trans>
                <span className="sr-only">
                  {' '}
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </a>
            </li>
          </ul>
        </nav>

        <div className="space-y-6">
          <nav aria-label={t`Legal`} className="space-y-3">
            <h2 className={heading}>
              <Trans>Legal</Trans>
            </h2>
            <ul className="space-y-2">
              <li>
                <Link to="/terms-and-conditions" className={footLink}>
                  <Trans>Terms and conditions</Trans>
                </Link>
              </li>
              <li>
                <Link to="/privacy" className={footLink}>
                  <Trans>Privacy policy</Trans>
                </Link>
              </li>
            </ul>
          </nav>
          <section aria-labelledby="footer-contact" className="space-y-3">
            <h2 id="footer-contact" className={heading}>
              <Trans>Contact</Trans>
            </h2>
            <address className="space-y-2 text-sm not-italic">
              <p>
                <a href={`mailto:${COMPANY.email}`} className={footLink}>
                  <span className="sr-only">
                    <Trans>Email:</Trans>{' '}
                  </span>
                  {COMPANY.email}
                </a>
              </p>
              <p>
                <a href={COMPANY.phoneHref} className={footLink}>
                  <span className="sr-only">
                    <Trans>Phone:</Trans>{' '}
                  </span>
                  {COMPANY.phone}
                </a>
              </p>
              <p className="leading-6">{companyAddress(i18n.locale)}</p>
            </address>
          </section>
        </div>

        <section aria-labelledby="footer-apps" className="space-y-3">
          <h2 id="footer-apps" className={heading}>
            <Trans>Get the app</Trans>
          </h2>
          <p className="text-sm">
            <Trans>Chat, join calls and answer bookings from your phone.</Trans>
          </p>
          <StoreButtons />
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {years} {COMPANY.legalName}. <Trans>All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  )
}
