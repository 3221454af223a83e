/** The plain auth layout's side illustration: people around a shared workspace (inline SVG, decorative). */
export function AuthIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 420" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="auth-illustration-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#eef2ff" />
          <stop offset="1" stopColor="#e0e7ff" />
        </linearGradient>
      </defs>
      <rect x="20" y="20" width="440" height="380" rx="36" fill="url(#auth-illustration-bg)" />
      <rect x="90" y="80" width="300" height="200" rx="16" fill="#fff" stroke="#c7d2fe" strokeWidth="3" />
      <rect x="90" y="80" width="300" height="34" rx="16" fill="#4f46e5" />
      <circle cx="112" cy="97" r="6" fill="#c7d2fe" />
      <circle cx="132" cy="97" r="6" fill="#c7d2fe" />
      <rect x="112" y="134" width="140" height="26" rx="13" fill="#e0e7ff" />
      <rect x="228" y="172" width="140" height="26" rx="13" fill="#4f46e5" />
      <rect x="112" y="210" width="110" height="26" rx="13" fill="#e0e7ff" />
      <rect x="260" y="248" width="108" height="14" rx="7" fill="#c7d2fe" />
      <circle cx="120" cy="330" r="28" fill="#f59e0b" />
      <rect x="92" y="362" width="56" height="24" rx="12" fill="#f59e0b" opacity="0.6" />
      <circle cx="240" cy="322" r="32" fill="#10b981" />
      <rect x="208" y="358" width="64" height="28" rx="14" fill="#10b981" opacity="0.6" />
      <circle cx="360" cy="330" r="28" fill="#f43f5e" />
      <rect x="332" y="362" width="56" height="24" rx="12" fill="#f43f5e" opacity="0.6" />
      <path
        d="M150 318c20-24 50-30 62-14M268 304c14-16 46-12 64 10"
        fill="none"
        stroke="#6366f1"
        strokeWidth="3"
        strokeDasharray="6 8"
        strokeLinecap="round"
      />
    </svg>
  )
}
