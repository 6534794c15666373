import { Link } from 'react-router';
import type { ModelView } from '../../../shared/api/content';
import { useTranslation } from '../../i18n/react';
import { Gallery } from '../../ui/gallery';
import { AuthorLine } from './author';
import { contentPaths } from './content-paths';
import { FollowButton } from './islands';
import { OpenInAppBar } from './open-in-app';
import './content.css';

type Target = { kind: 'model'; id: string; commentIds: string[] };

/** The model's pictures (its render first, then prints of it) as a swipeable gallery. */
export function ModelGallery({ model }: { model: ModelView }) {
  const { t } = useTranslation('content');
  return (
    <Gallery
      images={model.images.map((img, i) => ({ src: img.url, alt: t('model.image', { n: i + 1, title: model.title }) }))}
      labels={{
        region: t('model.images', { title: model.title }),
        previous: t('gallery.previous'),
        next: t('gallery.next'),
        show: (n, total) => t('gallery.show', { n, total }),
      }}
      width={800}
      height={600}
    />
  );
}

/** Who made it: the maker's card, with Follow. */
export function MakerCard({ model, target }: { model: ModelView; target: Target }) {
  const { t } = useTranslation('content');
  return (
    <section className="card maker-card" aria-label={t('model.maker')}>
      <AuthorLine user={model.author}>{t('model.maker')}</AuthorLine>
      <FollowButton target={target} userId={model.author.id} />
    </section>
  );
}

/** The print profiles shared for the model, each a card that opens it. */
export function ProfileCards({ model }: { model: ModelView }) {
  const { t } = useTranslation('content');
  if (model.slices.length === 0) return <p className="muted">{t('model.noSlices')}</p>;
  return (
    <ul className="profile-cards">
      {model.slices.map((s) => (
        <li key={s.id}>
          <Link className="profile-card" to={contentPaths.slice(s.id)}>
            <strong className="profile-card-name">{s.name}</strong>
            <span className="profile-card-facts">
              {[
                s.device,
                s.layerHeightMm ? t('model.layer', { mm: s.layerHeightMm }) : null,
                s.estimatedSeconds
                  ? t('model.time', { h: Math.floor(s.estimatedSeconds / 3600), m: Math.round((s.estimatedSeconds % 3600) / 60) })
                  : null,
              ]
                .filter(Boolean)
                .map((x) => (
                  <span key={x} className="chip chip-static">
                    {x}
                  </span>
                ))}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The bar that stays at the bottom of the screen: download the model's file, or open it in the app. */
export function ModelActions({ model }: { model: ModelView }) {
  const { t } = useTranslation('content');
  const file = model.files[0];
  return (
    <OpenInAppBar deepLink={`crealitycloud://model/${model.id}`} sticky>
      {file ? (
        <a className="btn btn-secondary" href={file.url} download aria-label={t('model.download', { name: file.name })}>
          {t('model.downloadShort')}
        </a>
      ) : null}
    </OpenInAppBar>
  );
}
