import { data } from 'react-router';
import type { pageBase } from '../../page-loader';
import type { PageHead } from '../../seo';

type Base = ReturnType<typeof pageBase>;

/** Which not-found title a share page shows (catalogue `content:notFound.<kind>`). */
export type MissingKind = 'model' | 'slice' | 'post' | 'profile' | 'circle' | 'topic' | 'timelapse';

/**
 * Loader answers of the share pages: the item with its head tags (and schema.org data), or a
 * 404 with the translated "not available" state for unknown and deleted ids.
 */
export function found<T, X extends object = object>(
  base: Base,
  item: T,
  head: Omit<PageHead, 'canonical'>,
  extra: X = {} as X,
  jsonLd: Record<string, unknown> | null = null,
) {
  return { i18n: base.i18n, locale: base.locale, item, head: { ...head, canonical: base.canonical }, jsonLd, ...extra };
}

export function missing(base: Base, kind: MissingKind) {
  return data(
    {
      i18n: base.i18n,
      locale: base.locale,
      item: null,
      head: {
        title: base.t('content', `notFound.${kind}`),
        description: base.t('content', 'notFound.text'),
        canonical: base.canonical,
        noindex: true,
      },
      jsonLd: null,
    },
    { status: 404 },
  );
}

/** Absolute URL of a stored file for link previews. */
export const absolute = (base: Base, url: string | null | undefined) => (url ? new URL(url, base.origin).href : undefined);

/** First characters of a text for a description tag: one line, at most 160 characters. */
export const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
};
