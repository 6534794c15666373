import { type DragEvent, type FormEvent, useState } from 'react';
import { data, Link } from 'react-router';
import type { TUploadedFile } from '../../../shared/api/content-admin';
import { CONTENT_ADMIN_API } from '../../../shared/api/content-admin';
import { Licence } from '../../../shared/enums';
import { contentPaths } from '../../../shared/share-paths';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/use-api';
import { useApp } from '../../app-context';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/content-import';
import { NotYours } from './catalogue-parts';
import { consoleAccess } from './console-loader';
import { sectionStatus } from './mall-access';
import { consolePaths } from './paths';
import { resumableUpload } from './resumable-upload';
import './operations.css';
import './catalogue.css';
import { may } from '../../../shared/console-access';

/**
 * The Content section's import (staff with the `content` scope): models and slices dropped in
 * (STL, 3MF, G-code, images), each sent in parts with its progress (a dropped connection resumes),
 * then made into a model (the images its pictures, the first the cover) with a slice per G-code
 * read from the file. Hiding and restoring content is the moderation queue's, linked here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['console', 'catalogue']);
  const access = await consoleAccess(context);
  const allowed = access.state === 'staff' && may(access.grants, 'view', { type: 'area', area: 'content' });
  return data(
    { i18n: base.i18n, allowed, userId: access.state === 'staff' ? access.userId : 0 },
    { status: sectionStatus(allowed), headers: { 'cache-control': 'private, no-store' } },
  );
}

interface Queued {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: 'sending' | 'done' | 'failed';
  file?: TUploadedFile;
  error?: string;
}

interface Made {
  modelId: number;
  title: string;
  slices: Array<{ sliceId: number; name: string }>;
}

export default function ContentImport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue');
  const { locale } = useApp();
  const api = useApi();
  const [queue, setQueue] = useState<Queued[]>([]);
  const [over, setOver] = useState(false);
  const [made, setMade] = useState<Made[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (!loaderData.allowed) return <NotYours />;

  const patch = (key: string, change: Partial<Queued>) => setQueue((q) => q.map((i) => (i.key === key ? { ...i, ...change } : i)));
  function add(files: FileList | null) {
    for (const file of Array.from(files ?? [])) {
      const key = `${file.name}:${file.size}:${Math.random()}`;
      setQueue((q) => [...q, { key, name: file.name, size: file.size, sent: 0, state: 'sending' }]);
      resumableUpload(api, file, locale, (sent) => patch(key, { sent })).then(
        (stored) => patch(key, { state: 'done', sent: file.size, file: stored }),
        (err: unknown) => patch(key, { state: 'failed', error: err instanceof Error ? err.message : String(err) }),
      );
    }
  }
  const drop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    add(e.dataTransfer.files);
  };

  const stored = queue.flatMap((q) => (q.file ? [q.file] : []));
  const models = stored.filter((f) => f.kind === 'model');
  const images = stored.filter((f) => f.kind === 'image');
  const gcodes = stored.filter((f) => f.kind === 'gcode');
  const sending = queue.some((q) => q.state === 'sending');

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    setBusy(true);
    setError('');
    try {
      const title = String(f.get('title') ?? '');
      const { modelId } = await api.call(CONTENT_ADMIN_API.model, {
        authorId: Number(f.get('authorId')),
        title,
        description: String(f.get('description') ?? ''),
        licence: String(f.get('licence')) as Licence,
        imageFileIds: images.map((i) => i.fileId),
        fileIds: models.map((m) => m.fileId),
      });
      const slices: Made['slices'] = [];
      for (const g of gcodes) {
        const r = await api.call(CONTENT_ADMIN_API.sliceFromGcode, { modelId, gcodeFileId: g.fileId });
        slices.push({ sliceId: r.sliceId, name: g.name });
      }
      setMade((m) => [{ modelId, title, slices }, ...m]);
      setQueue([]);
      form.reset();
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ops">
      <h1>{t('content.title')}</h1>
      <p className="small">
        <Link to={consolePaths.moderation}>{t('content.moderation')}</Link>
      </p>
      <label
        className={`card cat-drop${over ? ' cat-drop-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="drop-zone"
      >
        <strong>{t('content.drop')}</strong>
        <span className="small muted">{t('content.dropHint')}</span>
        <input
          type="file"
          multiple
          className="cat-drop-input"
          accept=".stl,.3mf,.gcode,.gco,.g,.png,.jpg,.jpeg,.webp,.gif"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </label>
      {queue.length > 0 ? (
        <ul className="ops-list" aria-live="polite">
          {queue.map((q) => (
            <li key={q.key} className="card ops-card cat-upload" data-testid="upload" data-state={q.state}>
              <span className="cat-upload-name">{q.name}</span>
              <progress max={q.size} value={q.sent} aria-label={t('content.progressOf', { name: q.name })} />
              <span className="small">
                {q.state === 'done'
                  ? t(`content.kind.${q.file?.kind ?? 'model'}`)
                  : q.state === 'failed'
                    ? q.error
                    : t('content.percent', { pct: q.size ? Math.floor((q.sent / q.size) * 100) : 0 })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="card ops cat-form" onSubmit={create}>
        <h2 className="cat-h2">{t('content.newModel')}</h2>
        <p className="small muted">{t('content.summary', { models: models.length, images: images.length, gcodes: gcodes.length })}</p>
        <label className="ops-field">
          <span>{t('content.modelTitle')}</span>
          <input name="title" required maxLength={120} />
        </label>
        <label className="ops-field">
          <span>{t('content.description')}</span>
          <textarea name="description" rows={4} maxLength={20_000} />
        </label>
        <label className="ops-field">
          <span>{t('content.licence')}</span>
          <select name="licence" defaultValue="CC BY">
            {Licence.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field">
          <span>{t('content.authorId')}</span>
          <input name="authorId" type="number" min={1} required defaultValue={loaderData.userId} />
        </label>
        {error ? <p role="alert">{error}</p> : null}
        <button type="submit" className="btn" disabled={busy || sending || models.length === 0}>
          {t('content.create')}
        </button>
      </form>
      {made.length > 0 ? (
        <ul className="ops-list" aria-live="polite">
          {made.map((m) => (
            <li key={m.modelId} className="card ops-card" data-testid="made">
              <Link to={contentPaths.model(String(m.modelId))}>{t('content.openModel', { title: m.title })}</Link>
              {m.slices.map((s) => (
                <Link key={s.sliceId} to={contentPaths.slice(String(s.sliceId))}>
                  {t('content.openSlice', { name: s.name })}
                </Link>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
