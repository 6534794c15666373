import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';

/** The redeem code in what a QR code says: our staff-page link with `code`, or the bare code. */
export function codeFromScan(text: string): string | null {
  let raw = text.trim();
  try {
    const url = new URL(raw);
    raw = url.searchParams.get('code') ?? '';
  } catch {
    // Not a URL: the code itself.
  }
  const code = raw.toUpperCase();
  return /^[A-Z2-9]{12}$/.test(code) ? code : null;
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/**
 * The phone camera reading a winner's QR code: the browser's BarcodeDetector where it has one
 * (Chrome on Android), otherwise jsQR on video frames (Safari, WeChat). Stops the camera as soon
 * as a redeem code is read, and when closed.
 */
export default function Scanner({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useTranslation('lottery');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one camera session per mount
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer = 0;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem(t('admin.cameraRefused'));
        return;
      }
      const v = video.current;
      if (!v || stopped) return stop();
      v.srcObject = stream;
      await v.play().catch(() => {});
      const Native = (window as unknown as { BarcodeDetector?: new (o: { formats: string[] }) => Detector }).BarcodeDetector;
      const detector = Native ? new Native({ formats: ['qr_code'] }) : null;
      const jsQR = detector ? null : (await import('jsqr')).default;
      const canvas = document.createElement('canvas');
      const read = async (): Promise<string | null> => {
        if (detector) return (await detector.detect(v))[0]?.rawValue ?? null;
        if (!jsQR || !v.videoWidth) return null;
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) return null;
        ctx.drawImage(v, 0, 0);
        return jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height)?.data ?? null;
      };
      const tick = async () => {
        if (stopped) return;
        const text = await read().catch(() => null);
        const code = text ? codeFromScan(text) : null;
        if (code) {
          stop();
          onCode(code);
          return;
        }
        if (text) setProblem(t('admin.notACode'));
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    })();
    return stop;
  }, []);

  return (
    <section className="card scanner" aria-label={t('admin.scan')}>
      <video ref={video} className="scanner-video" muted playsInline />
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : (
        <p className="muted small">{t('admin.scanHint')}</p>
      )}
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        {t('admin.stopScan')}
      </button>
    </section>
  );
}
