import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';

import { codeFromScan } from './redeem-code';
import './raffle.css';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/**
 * The phone camera reading a QR code: the browser's BarcodeDetector where it has one (Chrome on
 * Android), otherwise jsQR on video frames (Safari, WeChat). `accept` says which texts are wanted
 * (a winner's redeem code by default; the scan-code page takes any); the camera stops as soon as
 * one is read, and when closed.
 */
export default function Scanner({
  onCode,
  onClose,
  accept = codeFromScan,
  hint,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
  accept?: (text: string) => string | null;
  hint?: string;
}) {
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
        const code = text ? accept(text) : null;
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
        <p className="muted small">{hint ?? t('admin.scanHint')}</p>
      )}
      <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
        {t('admin.stopScan')}
      </button>
    </section>
  );
}
