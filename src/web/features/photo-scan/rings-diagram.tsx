import type { Band, BandCounts } from '../../../shared/photo-scan-rules';
import './photo-modelling.css';

const RINGS: { band: Band; y: number; rx: number; ry: number; cls: string }[] = [
  { band: 'top', y: 38, rx: 46, ry: 10, cls: 'photo-ring-top' },
  { band: 'middle', y: 78, rx: 104, ry: 22, cls: 'photo-ring-middle' },
  { band: 'bottom', y: 134, rx: 128, ry: 26, cls: 'photo-ring-bottom' },
];

/**
 * The three camera rings around an object, inline SVG (no image file), each ring numbered at its
 * right end; the names, angle bands and photo counts are a legend under the drawing, so a long
 * name in any language wraps there instead of running over the rings.
 */
export function RingsDiagram({ label, counts, names }: { label: string; counts: BandCounts | null; names: (b: Band) => string }) {
  return (
    <figure className="photo-figure">
      <svg className="photo-diagram" viewBox="0 0 300 190" role="img" aria-label={label}>
        <title>{label}</title>
        {/* the object on its base */}
        <ellipse cx="150" cy="160" rx="60" ry="9" className="photo-base" />
        <path d="M118 158 C118 120 126 96 150 92 C174 96 182 120 182 158 Z" className="photo-object" />
        {RINGS.map((r, i) => (
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
            <circle cx={150 + r.rx + 2} cy={r.y} r="9" className="photo-ring-badge" />
            <text x={150 + r.rx + 2} y={r.y + 4} className="photo-ring-number">
              {i + 1}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <ol className="photo-legend">
          {RINGS.map((r, i) => (
            <li key={r.band} className={r.cls}>
              <span className="photo-legend-name">
                <span className="photo-legend-number" aria-hidden="true">
                  {i + 1}
                </span>
                {names(r.band)}
              </span>
              {counts ? <span className="photo-legend-count">×{counts[r.band]}</span> : null}
            </li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
