/** Company facts shown in the marketing header, footer and legal pages. One place to change them. */
export const COMPANY = {
  name: 'Workroom',
  legalName: 'Workroom Technology JSC',
  email: 'hello@workroom.app',
  supportEmail: 'support@workroom.app',
  privacyEmail: 'privacy@workroom.app',
  phone: '+84 28 7300 6868',
  phoneHref: 'tel:+842873006868',
  /** The office, written with its Vietnamese diacritics in both languages (companyAddress picks the locale's). */
  address: {
    en: '12th floor, 81 Cách Mạng Tháng Tám, Bến Thành Ward, Ho Chi Minh City, Vietnam',
    vi: 'Tầng 12, 81 Cách Mạng Tháng Tám, phường Bến Thành, TP. Hồ Chí Minh, Việt Nam',
  },
  blogUrl: 'https://blog.workroom.app',
  appStoreUrl: 'https://apps.apple.com/app/workroom-team-chat/id6450000000',
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=app.workroom.mobile',
  foundedYear: 2023,
} as const

/** The company's address as written in `locale` (en for any other). */
export const companyAddress = (locale: string): string => (locale === 'vi' ? COMPANY.address.vi : COMPANY.address.en)
