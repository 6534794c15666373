import type { Band, BandCounts } from '../../../shared/photo-scan-rules';
import './photo-modelling.css';

const RINGS: { band: Band; y: number; rx: number; ry: number; cls: string }[] = [
  { band: 'top', y: 38, rx: 46, ry: 10, cls: 'photo-ring-top' },
  { band: 'middle', y: 78, rx: 104, ry: 22, cls: 'photo-ring-middle' },
  { band: 'bottom', y: 134, rx: 128, ry: 26, cls: 'photo-ring-bottom' },
];

/**
 * The three camera rings around an object, inline SVG (no image file): an ellipse a ring with
 * cameras on it, its name and angle band, and in standard mode its photo count.
 */
export function RingsDiagram({ label, counts, names }: { label: string; counts: BandCounts | null; names: (b: Band) => string }) {
  return (
    <svg className="photo-diagram" viewBox="0 0 300 190" role="img" aria-label={label}>
      <title>{label}</title>
      {/* the object on its base */}
      <ellipse cx="150" cy="160" rx="60" ry="9" className="photo-base" />
      <path d="M118 158 C118 120 126 96 150 92 C174 96 182 120 182 158 Z" className="photo-object" />
      {RINGS.map((r) => (
        <g key={r.band} className={r.cls}>
          <ellipse cx="150" cy={r.y} rx={r.rx} ry={r.ry} className="photo-ring" />
          {[0.15, 0.5, 0.85].map((f) => (
            <rect
              key={f}
              x={150 - r.rx + 2 * r.rx * f - 5}
              y={r.y + r.ry * Math.sin(Math.acos(2 * f - 1)) - 4}
              width="10"
              height="8"
              rx="2"
              className="photo-camera"
            />
          ))}
          <text x="4" y={r.y - r.ry - 3} className="photo-ring-label">
            {names(r.band)}
            {counts ? ` ×${counts[r.band]}` : ''}
          </text>
        </g>
      ))}
    </svg>
  );
}
