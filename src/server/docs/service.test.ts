import { describe, expect, it } from 'vitest';
import { DOC_PATHS, DOC_SLUGS, docSlugForPath } from '../../shared/docs';
import { LOCALES } from '../../shared/i18n';
import { createDocsService, frontMatter } from './service';

const docs = createDocsService({
  supportEmail: 'help@operator.test',
  figures: async () => ({ raffleFreeDraws: 2, raffleMemberDraws: 5 }),
});

describe('legal and help documents', () => {
  it('promise the raffle draws the running raffle gives, in every language', async () => {
    for (const locale of LOCALES) {
      for (const slug of ['rights', 'rights-details'] as const) {
        const html = (await docs.render(slug, locale))?.html ?? '';
        expect(html, `${locale}/${slug}`).toMatch(/\b2\b[^<]*\b5\b|\b5\b[^<]*\b2\b|<td>2[^<]*<\/td>\s*<td>5/);
        // The figures of an old copy of the page, written by hand, are gone.
        expect(html, `${locale}/${slug}`).not.toMatch(/\b8\b[^<]{0,40}\b3\b|<td>3[^<]*<\/td>\s*<td>8/);
      }
    }
    const en = (await docs.render('rights', 'en'))?.html;
    expect(en).toContain('<strong>More free raffle draws</strong>: 5 a day in the lucky-draw raffle instead of 2.');
  });

  it('exist for every path in every language, with a title, summary and date', async () => {
    for (const slug of DOC_SLUGS) {
      for (const locale of LOCALES) {
        const doc = await docs.render(slug, locale);
        expect(doc, `${locale}/${slug}`).not.toBeNull();
        expect(doc?.title.length).toBeGreaterThanOrEqual(2);
        expect(doc?.summary.length, `${locale}/${slug} summary`).toBeGreaterThan(10);
        expect(doc?.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(doc?.html.length, `${locale}/${slug} body`).toBeGreaterThan(500);
        // No filler text, unfinished markers or unreplaced tokens.
        expect(doc?.html).not.toMatch(/lorem\s+ipsum|T[O]DO|\{\{/i);
      }
    }
  });

  it('are written in their language, not copies of the English', () => {
    for (const slug of DOC_SLUGS) {
      const en = docs.get(slug, 'en')?.html;
      expect(docs.get(slug, 'fr')?.html).not.toBe(en);
      for (const zh of ['zh-CN', 'zh-TW'] as const) {
        const han = docs.get(slug, zh)?.html.match(/[\u4e00-\u9fff]/g) ?? [];
        expect(han.length, `${zh}/${slug}`).toBeGreaterThan(200);
      }
    }
  });

  it('put the operator support address in place of the token', () => {
    expect(docs.get('contact-us', 'en')?.html).toContain('help@operator.test');
  });

  it('give long documents a table of contents that links to their sections', () => {
    const doc = docs.get('privacy-policy', 'en');
    expect(doc?.toc.length).toBeGreaterThanOrEqual(4);
    for (const h of doc?.toc ?? []) expect(doc?.html).toContain(`id="${h.id}"`);
  });

  it('keep table-of-contents entries as plain text (no HTML entities)', () => {
    for (const slug of DOC_SLUGS)
      for (const locale of LOCALES)
        for (const h of docs.get(slug, locale)?.toc ?? []) expect(h.text, `${locale}/${slug}`).not.toMatch(/&[#a-z0-9]+;/i);
    expect(docs.get('protocol', 'fr')?.toc.some((h) => h.text.includes("'"))).toBe(true);
  });

  it('map every spec path to a document', () => {
    for (const p of Object.keys(DOC_PATHS)) expect(docSlugForPath(p)).toBeDefined();
    expect(docSlugForPath('/privacy/')).toBe('privacy-policy');
    expect(docSlugForPath('/webview/photo-modelling')).toBeUndefined();
  });

  it('read front matter', () => {
    expect(frontMatter('---\ntitle: A: b\nupdated: 2026-01-01\n---\nbody')).toEqual({
      meta: { title: 'A: b', updated: '2026-01-01' },
      body: 'body',
    });
    expect(frontMatter('no front matter')).toEqual({ meta: {}, body: 'no front matter' });
  });
});
