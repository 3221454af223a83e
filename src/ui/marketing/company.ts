/** Company facts shown in the marketing header, footer and legal pages. One place to change them. */
export const COMPANY = {
  name: 'Workroom',
  legalName: 'Workroom Technology JSC',
  email: 'hello@workroom.app',
  supportEmail: 'support@workroom.app',
  privacyEmail: 'privacy@workroom.app',
  phone: '+84 28 7300 6868',
  phoneHref: 'tel:+842873006868',
  address: '12th floor, 81 Cach Mang Thang Tam, Ben Thanh Ward, Ho Chi Minh City, Vietnam',
  blogUrl: 'https://blog.workroom.app',
  appStoreUrl: 'https://apps.apple.com/app/workroom-team-chat/id6450000000',
  googlePlayUrl: 'https://play.google.com/store/apps/details?id=app.workroom.mobile',
  foundedYear: 2023,
} as const
