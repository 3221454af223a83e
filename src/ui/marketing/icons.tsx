/** Small stroke icons for feature cards. Decorative: the card heading names the feature. */
const paths = {
  channels: 'M4 6h16M4 12h16M4 18h10M8 3v18',
  topics: 'M4 5h16v10H9l-5 4V5zM8 9h8M8 12h5',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3v3H8z',
  todo: 'M9 6h11M9 12h11M9 18h11M4 6l1.5 1.5L7.5 5M4 12l1.5 1.5 2-2.5M4 18l1.5 1.5 2-2.5',
  poll: 'M5 20V10M12 20V4M19 20v-7M3 20h18',
  call: 'M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a1 1 0 01-1 1A16 16 0 014 5a1 1 0 011-1z',
  meeting: 'M3 7h12v10H3zM15 11l6-4v10l-6-4M7 12h4',
  chatbot: 'M6 8h12v10H6zM12 4v4M9 12h.01M15 12h.01M9 15h6M3 12v2M21 12v2',
  crm: 'M4 5h16l-6 7v6l-4 2v-8L4 5z',
  email: 'M3 6h18v12H3zM3 7l9 6 9-6',
  person: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  business: 'M4 21V7l8-4 8 4v14M9 21v-5h6v5M8 10h2M14 10h2M8 13h2M14 13h2',
  school: 'M2 9l10-5 10 5-10 5L2 9zM6 11v5c3 2 9 2 12 0v-5M22 9v6',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6l8-3zM9 12l2 2 4-4',
  globe: 'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18',
  bell: 'M6 16V11a6 6 0 0112 0v5l2 2H4l2-2zM10 20a2 2 0 004 0',
  phone: 'M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zM11 18h2',
  wrench: 'M14 6a4 4 0 015 5l-9 9-3-3 9-9a4 4 0 01-2-2zM5 19l-1 1',
  graduation: 'M12 4l9 4-9 4-9-4 9-4zM7 10v4c3 2 7 2 10 0v-4',
  rocket: 'M12 15l-3-3c1-4 4-8 9-9-1 5-5 8-9 9zM9 12l-4 1 2-4h4M12 15l-1 4 4-2v-4M6 18l-2 2',
  sparkles: 'M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2 2-5zM19 15l1 2 2 1-2 1-1 2-1-2-2-1 2-1 1-2z',
  chart: 'M4 20h16M6 16l4-5 3 3 5-7',
  users: 'M9 11a3 3 0 100-6 3 3 0 000 6zM3 20a6 6 0 0112 0M16 5a3 3 0 010 6M18 14a5 5 0 013 6',
  check: 'M5 12l4 4 10-10',
} as const

export type IconName = keyof typeof paths

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  )
}
