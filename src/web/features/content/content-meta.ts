import type { MetaDescriptor } from 'react-router';
import { headTags, type PageHead } from '../../seo';

/** Head tags of a share page: title, description, Open Graph/Twitter, and its schema.org data. */
export const contentMeta = ({
  data,
}: {
  data?: { head?: PageHead; jsonLd?: Record<string, unknown> | null } | undefined;
}): MetaDescriptor[] => [...headTags(data?.head), ...(data?.jsonLd ? [{ 'script:ld+json': data.jsonLd }] : [])];
