/** The few icons the site draws; inline SVG so they cost no request and follow the text colour. */
export type P = { className?: string };
export const base = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, 'aria-hidden': true } as const;

export const LogoIcon = (p: P) => (
  <svg {...base} {...p} stroke="none">
    <rect x="2" y="2" width="20" height="20" rx="6" fill="#0a7a4b" />
    <path d="M7 15.5 12 7l5 8.5H7Z" fill="#fff" />
    <path d="M9.5 17.5h5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
  </svg>
);
export const CubeIcon = (p: P) => (
  <svg {...base} {...p}>
    <path d="M12 2.8 20 7v10l-8 4.2L4 17V7l8-4.2Z" />
    <path d="M4 7l8 4.2L20 7M12 11.2v10" />
  </svg>
);
export const PeopleIcon = (p: P) => (
  <svg {...base} {...p}>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 19.5c.6-3.3 3-5.2 6-5.2s5.4 1.9 6 5.2" />
    <circle cx="17" cy="9" r="2.4" />
    <path d="M16.5 14.4c2.3.2 4 1.7 4.5 4.3" />
  </svg>
);
export const LayersIcon = (p: P) => (
  <svg {...base} {...p}>
    <path d="m12 3 9 4.5-9 4.5-9-4.5L12 3Z" />
    <path d="m3 12 9 4.5 9-4.5M3 16.5 12 21l9-4.5" />
  </svg>
);
export const PrinterIcon = (p: P) => (
  <svg {...base} {...p}>
    <rect x="3.5" y="3" width="17" height="18" rx="2" />
    <path d="M3.5 7.5h17M8 11h8l-1.5 3h-5L8 11ZM7 17.5h10" />
  </svg>
);
export const EmptyIcon = (p: P) => (
  <svg {...base} {...p}>
    <path d="M3 13.5 5.5 5h13l2.5 8.5V19a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-5.5Z" />
    <path d="M3 13.5h5l1 2h6l1-2h5" />
  </svg>
);
export const LockIcon = (p: P) => (
  <svg {...base} {...p}>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
  </svg>
);
export const CompassIcon = (p: P) => (
  <svg {...base} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
  </svg>
);
export const PhoneIcon = (p: P) => (
  <svg {...base} {...p}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" />
    <path d="M10.5 18.5h3" />
  </svg>
);
