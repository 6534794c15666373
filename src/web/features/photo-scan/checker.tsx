import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  BANDS,
  type Band,
  bandOfAngle,
  checkPhotoSet,
  countBands,
  elevationFromXmp,
  elevationOfBeta,
  GEARS,
  type Gear,
  OBJECT_SIZES,
  type ObjectSize,
  type PhotoMode,
  type Shortfall,
} from '../../../shared/photo-scan-rules';
import { useTranslation } from '../../i18n/react';
import './photo-modelling.css';

const Uploader = lazy(() => import('./uploader'));

export interface PickedPhoto {
  key: string;
  file: File;
  url: string;
  band: Band | null;
}

const NEXT: Record<string, Band> = { none: 'bottom', bottom: 'middle', middle: 'top', top: 'bottom' };
let serial = 0;

/**
 * The photo set checker: photos picked (or taken) through the page, each put in a ring — by the
 * ring chosen for added photos, else from the camera pitch its XMP metadata records, else from the
 * phone's tilt when the browser reports it (deviceorientation, a photo just taken), else by
 * tapping — with the counts against the chosen rule live.
 */
export default function Checker({ initialMode }: { initialMode: PhotoMode }) {
  const { t } = useTranslation('photo-scan');
  const id = useId();
  const [mode, setMode] = useState<PhotoMode>(initialMode);
  const [objectSize, setObjectSize] = useState<ObjectSize>('big');
  const [gear, setGear] = useState<Gear>('high');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [newBand, setNewBand] = useState<Band | 'auto'>('auto');
  const [tilt, setTilt] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setMode(initialMode), [initialMode]);
  useEffect(() => {
    const onTilt = (e: DeviceOrientationEvent) => {
      if (typeof e.beta === 'number') setTilt(Math.round(elevationOfBeta(e.beta)));
    };
    window.addEventListener('deviceorientation', onTilt);
    return () => window.removeEventListener('deviceorientation', onTilt);
  }, []);
  // Thumbnails' object URLs, released when the checker goes.
  const urls = useRef<string[]>([]);
  useEffect(
    () => () => {
      for (const u of urls.current) URL.revokeObjectURL(u);
    },
    [],
  );

  const rule = useMemo(() => ({ mode, objectSize, gear }), [mode, objectSize, gear]);
  // Before the first photo the checklist is a plan, not a list of faults: nothing shows as short yet.
  const used = photos.length > 0;
  const report = useMemo(() => checkPhotoSet(rule, countBands(photos.map((p) => p.band))), [rule, photos]);

  const add = async (files: FileList | null) => {
    if (!files) return;
    const picked = [...files].filter((f) => f.type.startsWith('image/') || f.type === '');
    if (input.current) input.current.value = '';
    // The ring chosen for added photos, else the pitch the photo records, else the phone's tilt
    // for a photo just taken (one file), else none: the person taps it.
    const tiltBand = tilt !== null && picked.length === 1 ? bandOfAngle(tilt) : null;
    const bandOf = async (file: File): Promise<Band | null> => {
      if (newBand !== 'auto') return newBand;
      const pitch = elevationFromXmp(
        await file
          .slice(0, 256 * 1024)
          .text()
          .catch(() => ''),
      );
      return pitch !== null ? bandOfAngle(pitch) : tiltBand;
    };
    const added = await Promise.all(
      picked.map(async (file) => ({ key: `p${++serial}`, file, url: URL.createObjectURL(file), band: await bandOf(file) })),
    );
    urls.current.push(...added.map((p) => p.url));
    setPhotos((ps) => [...ps, ...added]);
  };
  const setBand = (key: string, band: Band | null) => setPhotos((ps) => ps.map((p) => (p.key === key ? { ...p, band } : p)));
  const bandName = (b: Band) => t(`band.${b}`);
  const shortfallText = (s: Shortfall) =>
    s.key === 'band' || s.key === 'cap'
      ? t(`shortfall.${s.key}`, { ...s, band: bandName(s.band) } as Record<string, string | number>)
      : s.key === 'gear'
        ? t('shortfall.gear', { ...s, gear: t(`gearName.${s.gear}`) })
        : t(`shortfall.${s.key}`, s as unknown as Record<string, number>);

  const choice = <V extends string>(
    name: string,
    legend: string,
    values: readonly V[],
    value: V,
    set: (v: V) => void,
    label: (v: V) => string,
  ) => (
    <fieldset className="photo-choice" disabled={uploading}>
      <legend>{legend}</legend>
      {values.map((v) => (
        <label key={v}>
          <input type="radio" name={`${id}-${name}`} value={v} checked={value === v} onChange={() => set(v)} />
          {label(v)}
        </label>
      ))}
    </fieldset>
  );

  return (
    <section className="card photo-checker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('checkerTitle')}</h2>
      {choice('mode', t('mode'), ['standard', 'free'] as const, mode, setMode, (m) => t(`tabs.${m}`))}
      {choice('size', t('objectSize'), OBJECT_SIZES, objectSize, setObjectSize, (s) => t(`size.${s}`))}
      {choice('gear', t('gear'), GEARS, gear, setGear, (g) => t(`gears.${g}`))}

      <div className="field">
        <label htmlFor={`${id}-band`}>{t('newBand')}</label>
        <select id={`${id}-band`} value={newBand} onChange={(e) => setNewBand(e.target.value as Band | 'auto')} disabled={uploading}>
          <option value="auto">{t('newBandAuto')}</option>
          {BANDS.map((b) => (
            <option key={b} value={b}>
              {bandName(b)}
            </option>
          ))}
        </select>
        {newBand === 'auto' && tilt === null ? <p className="field-hint">{t('newBandAutoHint')}</p> : null}
        {tilt !== null ? (
          <p className="field-hint">{t('tiltNote', { angle: tilt, band: bandName(bandOfAngle(tilt) ?? 'bottom') })}</p>
        ) : null}
      </div>
      <label className="btn btn-block photo-pick">
        {t('pick')}
        <input
          ref={input}
          type="file"
          multiple
          accept="image/*"
          capture="environment"
          className="visually-hidden"
          disabled={uploading}
          onChange={(e) => void add(e.target.files)}
        />
      </label>

      <table className="photo-counts">
        <tbody>
          {report.bands.map((b) => (
            <tr key={b.band} className={used && ((b.need !== null && b.have < b.need) || b.have > b.max) ? 'photo-short' : ''}>
              <th scope="row">{bandName(b.band)}</th>
              <td>{b.need !== null ? t('countLine', { have: b.have, need: b.need }) : t('countFree', { have: b.have, max: b.max })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="photo-total">{t('total', { count: report.total })}</p>
      <div aria-live="polite" className="photo-report">
        {report.ok ? (
          <p className="photo-ok">{t('ready')}</p>
        ) : !used ? (
          <p className="muted">{t('startHint')}</p>
        ) : (
          <ul className="photo-shortfalls">
            {report.shortfalls.map((s) => (
              <li key={JSON.stringify(s)}>{shortfallText(s)}</li>
            ))}
          </ul>
        )}
      </div>

      {photos.length > 0 ? (
        <>
          <p className="muted small">{t('tapHint')}</p>
          {photos.some((p) => p.band === null) ? (
            <div className="photo-assign">
              {BANDS.map((b) => (
                <button
                  key={b}
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={uploading}
                  onClick={() => setPhotos((ps) => ps.map((p) => (p.band === null ? { ...p, band: b } : p)))}
                >
                  {t('assignAll', { band: bandName(b) })}
                </button>
              ))}
            </div>
          ) : null}
          <ol className="photo-grid">
            {photos.map((p, i) => (
              <li key={p.key} className={`photo-thumb photo-thumb-${p.band ?? 'none'}`}>
                <button
                  type="button"
                  disabled={uploading}
                  aria-label={t('photoLabel', { n: i + 1, band: p.band ? bandName(p.band) : t('bandShort.none') })}
                  onClick={() => setBand(p.key, NEXT[p.band ?? 'none'] ?? 'bottom')}
                >
                  <img src={p.url} alt="" />
                  <span>{t(`bandShort.${p.band ?? 'none'}`)}</span>
                </button>
                <button
                  type="button"
                  className="photo-remove"
                  disabled={uploading}
                  aria-label={t('remove', { n: i + 1 })}
                  onClick={() => setPhotos((ps) => ps.filter((q) => q.key !== p.key))}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
          <button type="button" className="btn btn-secondary btn-small" disabled={uploading} onClick={() => setPhotos([])}>
            {t('clear')}
          </button>
        </>
      ) : null}

      {uploading ? (
        <Suspense fallback={<progress className="photo-progress" aria-label={t('progressLabel')} />}>
          <Uploader rule={rule} photos={photos} />
        </Suspense>
      ) : (
        <button type="button" className="btn btn-block" disabled={!report.ok} onClick={() => setUploading(true)}>
          {t('upload')}
        </button>
      )}
    </section>
  );
}
