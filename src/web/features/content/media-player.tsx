import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Media } from '../../../shared/api/content';
import { useTranslation } from '../../i18n/react';
import { type Apng, decodeApng } from './apng-frames';
import { useHydrated } from './hydrated';
import './lists.css';
import './media-player.css';

/**
 * A recording with play/pause and a scrubber, starting paused (nothing plays by itself). Videos
 * keep the browser's controls until the page's code runs; animated images (generated timelapses
 * are animated PNGs) show their poster until then, and afterwards are split into frames the
 * player steps through, so they stop at the end instead of looping forever.
 */
export function MediaPlayer({ media, posterUrl, label }: { media: Media; posterUrl: string | null; label: string }) {
  return media.mime.startsWith('image/') ? (
    <FramesPlayer media={media} posterUrl={posterUrl} label={label} />
  ) : (
    <VideoPlayer media={media} posterUrl={posterUrl} label={label} />
  );
}

const clock = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

function Controls(p: {
  ready: boolean;
  playing: boolean;
  positionMs: number;
  durationMs: number;
  onToggle(): void;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation('content');
  const time = t('player.time', { current: clock(p.positionMs), total: clock(p.durationMs) });
  return (
    <div className="player-controls">
      <button
        type="button"
        className="player-toggle"
        disabled={!p.ready}
        onClick={p.onToggle}
        aria-label={p.playing ? t('player.pause') : t('player.play')}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {p.playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5v14l11-7z" />}
        </svg>
      </button>
      <input
        className="player-seek"
        type="range"
        min={0}
        max={Math.max(1, Math.round(p.durationMs))}
        step={10}
        value={Math.round(p.positionMs)}
        disabled={!p.ready}
        aria-label={t('player.seek')}
        aria-valuetext={time}
        onChange={(e) => p.onSeek(Number(e.currentTarget.value))}
      />
      <span className="player-time" aria-hidden="true">
        {time}
      </span>
    </div>
  );
}

/** Index of the frame shown at `ms` (frames start at `starts[i]`). */
const frameAt = (starts: number[], ms: number) => {
  let i = 0;
  while (i + 1 < starts.length && (starts[i + 1] ?? Number.POSITIVE_INFINITY) <= ms) i++;
  return i;
};

/** When each frame starts, and the whole recording's length, in milliseconds. */
function timeline(apng: Apng | null) {
  const starts: number[] = [];
  let at = 0;
  for (const f of apng?.frames ?? []) {
    starts.push(at);
    at += f.delayMs;
  }
  return { starts, duration: at };
}

function FramesPlayer({ media, posterUrl, label }: { media: Media; posterUrl: string | null; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [apng, setApng] = useState<Apng | null>(null);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  // The poster stays until the visitor plays or scrubs: the first frame is an empty build plate.
  const [started, setStarted] = useState(false);
  const drawn = useRef(-1);

  useEffect(() => {
    let live = true;
    fetch(media.url)
      .then((r) => r.arrayBuffer())
      .then(decodeApng)
      .then((a) => {
        if (live) setApng(a);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [media.url]);

  const { starts, duration } = useMemo(() => timeline(apng), [apng]);

  // Frames draw over the previous ones: forward from what is shown, or from the start to go back.
  const show = useCallback(
    (k: number) => {
      const ctx = canvas.current?.getContext('2d');
      if (!apng || !ctx) return;
      if (k < drawn.current) drawn.current = -1;
      if (drawn.current < 0) ctx.clearRect(0, 0, apng.width, apng.height);
      for (let i = drawn.current + 1; i <= k; i++) {
        const prev = apng.frames[i - 1];
        if (prev?.clearAfter) ctx.clearRect(prev.x, prev.y, prev.bitmap.width, prev.bitmap.height);
        const f = apng.frames[i];
        if (!f) break;
        if (f.replace) ctx.clearRect(f.x, f.y, f.bitmap.width, f.bitmap.height);
        ctx.drawImage(f.bitmap, f.x, f.y);
      }
      drawn.current = k;
    },
    [apng],
  );

  useEffect(() => {
    if (apng) show(frameAt(starts, position));
  });

  useEffect(() => {
    if (!playing) return;
    let last = performance.now();
    let raf = requestAnimationFrame(function tick(now) {
      const step = now - last;
      last = now;
      setPosition((p) => {
        const next = Math.min(duration, p + step);
        if (next >= duration) setPlaying(false);
        return next;
      });
      raf = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(raf);
  }, [playing, duration]);

  const ready = apng !== null;
  return (
    <div className="player">
      <div className="player-stage">
        {posterUrl || !ready ? (
          <img className="media" src={posterUrl ?? media.url} alt={label} width={640} height={480} hidden={ready && started} />
        ) : null}
        <canvas
          ref={canvas}
          className="media"
          width={apng?.width ?? 640}
          height={apng?.height ?? 480}
          role="img"
          aria-label={label}
          hidden={!(ready && (started || !posterUrl))}
        />
      </div>
      <Controls
        ready={ready}
        playing={playing}
        positionMs={position}
        durationMs={duration}
        onToggle={() => {
          if (!playing && position >= duration) setPosition(0);
          setStarted(true);
          setPlaying(!playing);
        }}
        onSeek={(ms) => {
          setStarted(true);
          setPosition(ms);
        }}
      />
    </div>
  );
}

function VideoPlayer({ media, posterUrl, label }: { media: Media; posterUrl: string | null; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const hydrated = useHydrated();
  const [state, setState] = useState({ playing: false, position: 0, duration: 0 });
  const sync = () => {
    const v = video.current;
    if (v)
      setState({
        playing: !v.paused && !v.ended,
        position: v.currentTime * 1000,
        duration: Number.isFinite(v.duration) ? v.duration * 1000 : 0,
      });
  };
  return (
    <div className="player">
      {/* biome-ignore lint/a11y/useMediaCaption: print recordings have no speech, and the platform stores no caption tracks */}
      <video
        ref={video}
        className="media"
        controls={!hydrated}
        playsInline
        preload="metadata"
        poster={posterUrl ?? undefined}
        aria-label={label}
        width={640}
        height={480}
        onLoadedMetadata={sync}
        onTimeUpdate={sync}
        onPlay={sync}
        onPause={sync}
        onEnded={sync}
      >
        <source src={media.url} type={media.mime} />
      </video>
      {hydrated ? (
        <Controls
          ready={state.duration > 0}
          playing={state.playing}
          positionMs={state.position}
          durationMs={state.duration}
          onToggle={() => {
            const v = video.current;
            if (v) v.paused || v.ended ? void v.play().catch(() => {}) : v.pause();
          }}
          onSeek={(ms) => {
            if (video.current) video.current.currentTime = ms / 1000;
            setState((s) => ({ ...s, position: ms }));
          }}
        />
      ) : null}
    </div>
  );
}
