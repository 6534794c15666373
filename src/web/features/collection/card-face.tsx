import type { ReactNode } from 'react';
import './collection.css';

/**
 * The drawn face of a card: a part of a 3D printer for the default set's keys, a generic part for
 * any other key an admin names. Inline SVG (no image requests); the colour follows the card's
 * place in the set, so every card of a set looks different.
 */
const GLYPHS: Record<string, ReactNode> = {
  nozzle: <path d="M8 3h8v5l-2 3v4l-2 3-2-3v-4L8 8z M10 21h4" />,
  hotbed: (
    <>
      <rect x="3" y="14" width="18" height="4" rx="1" />
      <path d="M7 11c-1-1.5 1-2.5 0-4M12 11c-1-1.5 1-2.5 0-4M17 11c-1-1.5 1-2.5 0-4" />
    </>
  ),
  filament: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 4a8 8 0 0 1 8 8M20 12l1 8" />
    </>
  ),
  extruder: (
    <>
      <rect x="5" y="4" width="14" height="10" rx="1.5" />
      <circle cx="12" cy="9" r="2.5" />
      <path d="M10 14v3h4v-3M12 17v3" />
    </>
  ),
  'build-plate': (
    <>
      <path d="M3 15l9-5 9 5-9 5z" />
      <path d="M7.5 12.5l9 5M16.5 12.5l-9 5" />
    </>
  ),
};
const PART = <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9zM12 12l8-4.5M12 12v9M12 12L4 7.5" />;

export function CardFace({ cardKey, index, total }: { cardKey: string; index: number; total: number }) {
  // Spread round the colour wheel from blue: neighbours in the set never look alike.
  const hue = (210 + Math.round((index * 360) / Math.max(1, total))) % 360;
  return (
    <svg className="card-face" viewBox="0 0 24 24" aria-hidden="true" style={{ background: `hsl(${hue} 58% 44%)` }}>
      <g fill="none" stroke="#fff" strokeWidth={1.4} strokeLinecap="round" strokeLinejoin="round">
        {GLYPHS[cardKey] ?? PART}
      </g>
    </svg>
  );
}
