import { useCallback, useEffect, useRef, useState } from 'react';
import type { Envelope } from '../../../shared/api/envelope';
import type { PhotoScanJob } from '../../../shared/api/photo-scan';
import { PHOTO_SCAN_API, PHOTO_SCAN_JOB_API, PHOTO_SCAN_PHOTO_PATH, photoJobRoute } from '../../../shared/api/routes-programmes';
import { headerContextValues } from '../../../shared/context';
import { messageKeyFor, ResultCode } from '../../../shared/errors';
import type { PhotoRule } from '../../../shared/photo-scan-rules';
import { ApiError } from '../../api/client';
import { browserIdentity } from '../../api/identity';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { showToast } from '../../ui/toast';
import { isSessionError, useSignedInApi } from '../accounts/signed-in-api';
import type { PickedPhoto } from './checker';
import './photo-modelling.css';

type State =
  | { status: 'uploading'; done: number }
  | { status: 'interrupted'; done: number }
  | { status: 'submitted'; job: PhotoScanJob }
  | { status: 'signIn' };

/**
 * Uploads the checked set: opens a scan job once, asks it which indexes it already holds, sends
 * only the others one by one (a progress bar), then submits. A lost connection stops the loop;
 * "Resume" asks the job again, so photos already stored are never sent twice.
 */
export default function Uploader({ rule, photos }: { rule: PhotoRule; photos: PickedPhoto[] }) {
  const { t } = useTranslation('photo-scan');
  const errors = useTranslation('errors').t;
  const { locale } = useApp();
  const api = useSignedInApi();
  const jobId = useRef<number | null>(null);
  const [state, setState] = useState<State>({ status: 'uploading', done: 0 });
  const total = photos.length;

  const putPhoto = useCallback(
    async (id: number, index: number, photo: PickedPhoto) => {
      const path = PHOTO_SCAN_PHOTO_PATH.replace(':id', String(id)).replace(':index', String(index));
      const res = await fetch(`${path}?band=${photo.band}`, {
        method: 'PUT',
        credentials: 'same-origin',
        headers: {
          ...headerContextValues({ ...browserIdentity(locale), requestId: crypto.randomUUID() }),
          accept: 'application/json',
          'content-type': photo.file.type || 'application/octet-stream',
        },
        body: photo.file,
      });
      const body = (await res.json().catch(() => null)) as Envelope<unknown> | null;
      if (body?.code !== ResultCode.success) {
        // As the API client does: a message with numbers (limits, seconds) is the server's msg.
        const own = errors(messageKeyFor(body?.code ?? 500) as 'unknown');
        const message = /\{\{\s*\w+\s*\}\}/.test(own) && typeof body?.msg === 'string' && body.msg ? body.msg : own;
        throw new ApiError(body?.code ?? null, res.status, message);
      }
    },
    [locale, errors],
  );

  const run = useCallback(async () => {
    let done = 0;
    try {
      if (jobId.current === null) jobId.current = (await api.call(PHOTO_SCAN_API.create, rule, { quiet: true })).id;
      const id = jobId.current;
      const job = await api.call(photoJobRoute(PHOTO_SCAN_JOB_API.job, id), undefined, { quiet: true });
      const stored = new Set(job.photos.map((p) => p.index));
      done = stored.size;
      setState({ status: 'uploading', done });
      for (const [index, photo] of photos.entries()) {
        if (stored.has(index)) continue;
        await putPhoto(id, index, photo);
        done += 1;
        setState({ status: 'uploading', done });
      }
      const submitted = await api.call(photoJobRoute(PHOTO_SCAN_JOB_API.submit, id), undefined, { quiet: true });
      setState({ status: 'submitted', job: submitted });
    } catch (err) {
      if (isSessionError(err)) return setState({ status: 'signIn' });
      if (err instanceof ApiError && err.code !== null && err.status !== null && err.status < 500) showToast(err.message);
      setState({ status: 'interrupted', done });
    }
  }, [api, photos, putPhoto, rule]);

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  if (state.status === 'submitted')
    return (
      <p className="photo-ok" role="status">
        {t('submitted', { count: state.job.photos.length })}
      </p>
    );
  const done = state.status === 'signIn' ? 0 : state.done;
  return (
    <div className="photo-upload">
      <progress className="photo-progress" max={total} value={done} aria-label={t('progressLabel')} />
      {state.status === 'uploading' ? (
        <p role="status">{t('uploading', { done: Math.min(done + 1, total), total })}</p>
      ) : (
        <>
          <p role="alert">{state.status === 'signIn' ? t('signIn') : t('interrupted', { done, total })}</p>
          <button
            type="button"
            className="btn btn-block"
            onClick={() => {
              setState({ status: 'uploading', done });
              void run();
            }}
          >
            {t('resume')}
          </button>
        </>
      )}
    </div>
  );
}
