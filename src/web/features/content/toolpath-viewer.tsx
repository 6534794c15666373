import { useEffect, useId, useRef, useState } from 'react';
import type { Toolpath } from '../../../shared/toolpath';
import { useTranslation } from '../../i18n/react';
import './toolpath.css';

export interface ToolpathViewerProps {
  url: string;
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; toolpath: Toolpath };

/** A layer's paths as absolute points in mm (the file stores each path's points as steps). */
function absolute(paths: number[][], unit: number): Float64Array[] {
  return paths.map((path) => {
    const out = new Float64Array(path.length);
    let x = 0;
    let y = 0;
    for (let i = 0; i < path.length; i += 2) {
      x = i === 0 ? (path[0] as number) : x + (path[i] as number);
      y = i === 0 ? (path[1] as number) : y + (path[i + 1] as number);
      out[i] = x * unit;
      out[i + 1] = y * unit;
    }
    return out;
  });
}

/** Draws one layer seen from above, the layer below it faint, travel moves dashed when asked. */
function draw(canvas: HTMLCanvasElement, toolpath: Toolpath, index: number, travel: boolean): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  const size = canvas.clientWidth;
  canvas.width = Math.round(size * ratio);
  canvas.height = Math.round(size * ratio);
  const [minX, minY, maxX, maxY] = toolpath.bounds;
  const pad = 8;
  const scale = (size - 2 * pad) / Math.max(maxX - minX, maxY - minY, 1);
  const offX = pad + (size - 2 * pad - (maxX - minX) * scale) / 2;
  const offY = pad + (size - 2 * pad - (maxY - minY) * scale) / 2;
  // Printers' y grows away from the viewer: drawn upwards.
  ctx.setTransform(ratio * scale, 0, 0, -ratio * scale, ratio * (offX - minX * scale), ratio * (size - offY + minY * scale));
  ctx.clearRect(minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const stroke = (paths: Float64Array[], colour: string, width: number) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width / scale;
    ctx.beginPath();
    for (const p of paths) {
      ctx.moveTo(p[0] as number, p[1] as number);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i] as number, p[i + 1] as number);
    }
    ctx.stroke();
  };
  const styles = getComputedStyle(canvas);
  const below = toolpath.layers[index - 1];
  if (below) stroke(absolute(below.paths, toolpath.unit), styles.getPropertyValue('--toolpath-below'), 1.5);
  const layer = toolpath.layers[index];
  if (!layer) return;
  const paths = absolute(layer.paths, toolpath.unit);
  if (travel) {
    ctx.setLineDash([3 / scale, 3 / scale]);
    ctx.strokeStyle = styles.getPropertyValue('--toolpath-travel');
    ctx.lineWidth = 1 / scale;
    ctx.beginPath();
    for (let i = 1; i < paths.length; i++) {
      const from = paths[i - 1] as Float64Array;
      const to = paths[i] as Float64Array;
      ctx.moveTo(from[from.length - 2] as number, from[from.length - 1] as number);
      ctx.lineTo(to[0] as number, to[1] as number);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  stroke(paths, styles.getPropertyValue('--toolpath-extrusion'), 2);
}

/** The toolpath of a slice, layer by layer, with a slider (arrow keys move it one layer). */
export default function ToolpathViewer({ url }: ToolpathViewerProps) {
  const { t } = useTranslation('content');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [index, setIndex] = useState(0);
  const [travel, setTravel] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const sliderId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the file again.
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetch(url)
      .then((res) => (res.ok ? (res.json() as Promise<Toolpath>) : Promise.reject(new Error(String(res.status)))))
      .then((toolpath) => {
        if (!live) return;
        setLoad({ state: 'ready', toolpath });
        setIndex(Math.max(0, toolpath.layers.length - 1));
      })
      .catch(() => live && setLoad({ state: 'error' }));
    return () => {
      live = false;
    };
  }, [url, attempt]);

  useEffect(() => {
    const el = canvas.current;
    if (load.state !== 'ready' || !el) return;
    const redraw = () => draw(el, load.toolpath, index, travel);
    redraw();
    window.addEventListener('resize', redraw);
    return () => window.removeEventListener('resize', redraw);
  }, [load, index, travel]);

  if (load.state === 'loading') {
    return (
      <p className="muted small" role="status">
        {t('toolpath.loading')}
      </p>
    );
  }
  if (load.state === 'error') {
    return (
      <div role="alert" className="toolpath-error">
        <p>{t('toolpath.error')}</p>
        <button type="button" className="btn btn-small" onClick={() => setAttempt((n) => n + 1)}>
          {t('toolpath.retry')}
        </button>
      </div>
    );
  }
  const { toolpath } = load;
  const layer = toolpath.layers[index];
  const number = index * toolpath.stride + 1;
  const count = toolpath.layerCount;
  return (
    <div className="toolpath-viewer">
      <canvas ref={canvas} className="toolpath-canvas" role="img" aria-label={t('toolpath.label', { layer: number })} />
      <label className="toolpath-slider" htmlFor={sliderId}>
        <span>{t('toolpath.slider')}</span>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={toolpath.layers.length - 1}
          step={1}
          value={index}
          onChange={(e) => setIndex(Number(e.currentTarget.value))}
          aria-valuetext={t('toolpath.layer', { layer: number, count, z: layer?.z ?? 0 })}
        />
      </label>
      <p className="small" aria-live="polite">
        {t('toolpath.layer', { layer: number, count, z: layer?.z ?? 0 })}
      </p>
      {toolpath.stride > 1 ? <p className="muted small">{t('toolpath.sampled', { stride: toolpath.stride })}</p> : null}
      <label className="toolpath-travel small">
        <input type="checkbox" checked={travel} onChange={(e) => setTravel(e.currentTarget.checked)} /> {t('toolpath.travel')}
      </label>
    </div>
  );
}
