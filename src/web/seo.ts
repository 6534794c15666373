import type { MetaDescriptor } from 'react-router';

export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  /** noindex for pages that only make sense in context (empty page, blocked account). */
  noindex?: boolean;
  /** Open Graph type: `article` for posts, `profile` for people, `video.other` for timelapses. */
  type?: 'website' | 'article' | 'profile' | 'video.other';
}

const SITE_NAME = 'Creality Cloud';
/** The site's own link-preview picture (public/), for pages with no picture of their own. */
const DEFAULT_IMAGE = '/share-card.png';

/** Title, description, canonical URL, Open Graph and Twitter card tags for a shared link. */
export function headTags(head: PageHead | undefined): MetaDescriptor[] {
  if (!head) return [{ title: SITE_NAME }];
  const image = head.image ?? new URL(DEFAULT_IMAGE, head.canonical).href;
  const tags: MetaDescriptor[] = [
    { title: head.title === SITE_NAME ? SITE_NAME : `${head.title} · ${SITE_NAME}` },
    { name: 'description', content: head.description },
    { tagName: 'link', rel: 'canonical', href: head.canonical },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: head.type ?? 'website' },
    { property: 'og:title', content: head.title },
    { property: 'og:description', content: head.description },
    { property: 'og:url', content: head.canonical },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: head.title },
    { name: 'twitter:description', content: head.description },
  ];
  tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  if (head.noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
