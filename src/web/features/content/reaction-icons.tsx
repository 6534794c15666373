/** Icons of the reaction buttons (inline SVG, text colour; filled when the visitor's own state is on). */
const svg = (on: boolean) =>
  ({
    viewBox: '0 0 24 24',
    width: 18,
    height: 18,
    fill: on ? 'currentColor' : 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    'aria-hidden': true,
  }) as const;

export const HeartIcon = ({ on = false }: { on?: boolean }) => (
  <svg {...svg(on)}>
    <path d="M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.2 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z" strokeLinejoin="round" />
  </svg>
);

export const StarIcon = ({ on = false }: { on?: boolean }) => (
  <svg {...svg(on)}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" strokeLinejoin="round" />
  </svg>
);

export const CommentIcon = () => (
  <svg {...svg(false)}>
    <path d="M4.5 5.5h15v10h-8l-4.5 3.5v-3.5H4.5v-10Z" strokeLinejoin="round" />
  </svg>
);
