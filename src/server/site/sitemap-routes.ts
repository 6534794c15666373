import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { campaignPath, contentPaths } from '../../shared/share-paths';
import { SITEMAP_KINDS, type SitemapEntry, type SitemapKind } from '../content/sitemap';

/** The sitemap protocol's limit of URLs in one file; larger kinds are split by id range. */
export const URLS_PER_FILE = 50_000;
/** Running campaigns listed at most (a handful run at once). */
const MAX_CAMPAIGNS = 1_000;

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * sitemap.xml for search engines: an index of files, one for the home page and the running
 * campaigns, then each kind of share page in id ranges of at most 50,000. The index reads only the
 * highest id of each kind, a file only its id range, so no request's work grows with the library.
 * URLs are absolute on PUBLIC_URL, else on the host the request named (already checked against the
 * allowed hosts, as for canonical links). robots.txt points at the index.
 */
export function registerSitemapRoutes(app: FastifyInstance, publicUrl: string | undefined) {
  const { content, lottery } = app.services;
  const originOf = (request: FastifyRequest) => (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
  const send = (reply: FastifyReply, xml: string) =>
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
  const urlset = (origin: string, entries: { path: string; lastmod?: number }[]) =>
    `${HEAD}<urlset ${NS}>\n${entries
      .map((e) => `<url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${day(e.lastmod)}</lastmod>` : ''}</url>`)
      .join('\n')}\n</urlset>\n`;

  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(`User-agent: *\nDisallow: /api/\nDisallow: /activitys/admin\n\nSitemap: ${originOf(request)}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request);
    const max = await content.sitemapMaxIds();
    const files = ['pages'];
    for (const kind of SITEMAP_KINDS) {
      for (let n = 1; (n - 1) * URLS_PER_FILE < max[kind]; n++) files.push(`${kind}-${n}`);
    }
    const body = files.map((f) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${f}.xml`)}</loc></sitemap>`).join('\n');
    return send(reply, `${HEAD}<sitemapindex ${NS}>\n${body}\n</sitemapindex>\n`);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const origin = originOf(request);
    const file = request.params.file;
    if (file === 'pages.xml') {
      const campaigns = await lottery.running('en', MAX_CAMPAIGNS);
      return send(
        reply,
        urlset(origin, [
          { path: '/' },
          { path: contentPaths.timelapses },
          ...campaigns.map((c) => ({ path: campaignPath(c), lastmod: c.startsAt })),
        ]),
      );
    }
    const m = /^([a-z]{1,12})-([1-9]\d{0,5})\.xml$/.exec(file);
    const kind = m && (SITEMAP_KINDS as readonly string[]).includes(m[1] ?? '') ? (m[1] as SitemapKind) : null;
    if (!m || !kind) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const n = Number(m[2]);
    const entries: SitemapEntry[] = await content.sitemapEntries(kind, (n - 1) * URLS_PER_FILE + 1, n * URLS_PER_FILE);
    return send(reply, urlset(origin, entries));
  });
}
