/** The raffle's icons (not in the site-wide set, which every page loads). */
import { base, type P } from '../../ui/icons';

export const GiftIcon = (p: P) => (
  <svg {...base} {...p}>
    <rect x="3.5" y="8" width="17" height="4.5" rx="1" />
    <path d="M5 12.5V20a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7.5M12 8v13" />
    <path d="M12 8S10.8 3.5 8.3 3.5a2.2 2.2 0 0 0 0 4.5H12Zm0 0s1.2-4.5 3.7-4.5a2.2 2.2 0 0 1 0 4.5H12Z" />
  </svg>
);
export const ScanIcon = (p: P) => (
  <svg {...base} {...p}>
    <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16" />
  </svg>
);
