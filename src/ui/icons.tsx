/** Small decorative line icons (24 px grid); the control around each carries the name. */
const PATHS = {
  chat: 'M4 5h16v11H8l-4 4zM8 9h8M8 12h5',
  contacts: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 010 6.5M18 14c2 .7 3 2.9 3 6',
  bell: 'M6 16V11a6 6 0 1112 0v5l2 2H4zM10 20a2 2 0 004 0',
  pricing: 'M3 12l9-9h8v8l-9 9zM15.5 8.5h.01',
  support: 'M4 13a8 8 0 1116 0v3a2 2 0 01-2 2h-2v-6h4M4 13v3a2 2 0 002 2h2v-6H4',
  documents: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  close: 'M6 6l12 12M18 6L6 18',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 3.6-7 8-7s8 3 8 7',
  storage: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  billing: 'M3 6h18v12H3zM3 10h18M7 15h4',
  settings:
    'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12a7 7 0 00-.1-1.2l2-1.6-2-3.4-2.4 1a7 7 0 00-2-1.2L14 3h-4l-.5 2.6a7 7 0 00-2 1.2l-2.4-1-2 3.4 2 1.6a7 7 0 000 2.4l-2 1.6 2 3.4 2.4-1a7 7 0 002 1.2L10 21h4l.5-2.6a7 7 0 002-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z',
  upgrade: 'M12 20V6M6 12l6-6 6 6M5 3h14',
  attach: 'M20 11.5l-8.1 8.1a5 5 0 01-7.1-7.1l8.5-8.5a3.5 3.5 0 015 5l-8.5 8.5a2 2 0 01-2.8-2.8l7.8-7.8',
  smile: 'M12 21a9 9 0 100-18 9 9 0 000 18zM8.5 14.5c.9 1.2 2.1 1.8 3.5 1.8s2.6-.6 3.5-1.8M9 9.5h.01M15 9.5h.01',
  file: 'M6 3h9l4 4v14H6zM14 3v5h5',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4.2-4.2',
  moon: 'M20 14.5A8 8 0 119.5 4a6.5 6.5 0 0010.5 10.5z',
  'bell-off': 'M6 16V11a6 6 0 019.5-4.9M18 11v5l2 2H8M10 20a2 2 0 004 0M4 4l16 16',
  check: 'M5 12.5l4.5 4.5L19 7',
  'chevron-down': 'M6 9l6 6 6-6',
  plus: 'M12 5v14M5 12h14',
  back: 'M15 5l-7 7 7 7',
  more: 'M5 11a1 1 0 100 2 1 1 0 100-2zM12 11a1 1 0 100 2 1 1 0 100-2zM19 11a1 1 0 100 2 1 1 0 100-2z',
  info: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 11v5M12 8h.01',
  pin: 'M9 4h6l-1 6 4 3v2H6v-2l4-3zM12 15v6',
  reply: 'M10 8l-5 4 5 4M5 12h9a5 5 0 015 5v1',
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  trash: 'M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13',
  forward: 'M14 8l5 4-5 4M19 12h-9a5 5 0 00-5 5v1',
  lock: 'M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 017 0v3',
  poll: 'M5 20V11M12 20V4M19 20v-6M3 20h18',
  todo: 'M4 5h4v4H4zM4 15h4v4H4zM11 7h9M11 17h9M5 11.5l1.5 1.5L9 10.5',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2',
  'phone-off': 'M3 14.5c5-5 13-5 18 0l-2.5 2.5-3-1.5v-3a9 9 0 00-7 0v3l-3 1.5z',
  video: 'M3 7h12v10H3zM15 10.5l6-3.5v10l-6-3.5',
  'video-off': 'M3 7h12v10H3zM15 10.5l6-3.5v10l-6-3.5M3 3l18 18',
  mic: 'M12 15a3 3 0 003-3V6a3 3 0 00-6 0v6a3 3 0 003 3zM6 11a6 6 0 0012 0M12 17v4M9 21h6',
  'mic-off': 'M12 15a3 3 0 003-3V6a3 3 0 00-6 0v6a3 3 0 003 3zM6 11a6 6 0 0012 0M12 17v4M9 21h6M4 4l16 16',
  screen: 'M3 5h18v11H3zM8 20h8M12 16v4M9 11l3-3 3 3M12 8v6',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h.01M12 14h.01M16 14h.01M8 17h.01M12 17h.01',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  bookmark: 'M6 3h12v18l-6-4-6 4z',
  'list-numbered': 'M10 6h10M10 12h10M10 18h10M4 4.5l1.5-.5v4M3.5 14h2.8l-2.8 3.5h2.8',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
