import type { Media } from '../../../shared/api/content';
import './lists.css';

/**
 * A recording: a video with the browser's own controls (no autoplay, nothing loaded until asked),
 * or an animated image when the recording is one (generated timelapses are animated PNGs).
 */
export function MediaPlayer({ media, posterUrl, label }: { media: Media; posterUrl: string | null; label: string }) {
  if (media.mime.startsWith('image/')) return <img className="media" src={media.url} alt={label} width={640} height={480} loading="lazy" />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: print recordings have no speech, and the platform stores no caption tracks
    <video
      className="media"
      controls
      playsInline
      preload="none"
      poster={posterUrl ?? undefined}
      aria-label={label}
      width={640}
      height={480}
    >
      <source src={media.url} type={media.mime} />
    </video>
  );
}
