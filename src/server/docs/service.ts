import fs from 'node:fs';
import path from 'node:path';
import { Marked, Renderer } from 'marked';
import type { DocHeading, DocSlug, RenderedDoc } from '../../shared/docs';
import type { Locale } from '../../shared/i18n';
import { DOCS_DIR } from '../paths';

/** Documents with at least this many sections get a table of contents. */
const TOC_MIN_SECTIONS = 4;
const BASE = new Renderer();

/**
 * Reads and renders the legal/help documents. A document is rendered once per language and kept:
 * they only change with a deploy. Missing translations fall back to English.
 */
export function createDocsService(opts: { supportEmail: string; dir?: string; figures?: () => Promise<DocFigures> }) {
  const dir = opts.dir ?? DOCS_DIR;
  const cache = new Map<string, RenderedDoc | null>();

  /** The document as written, its `{{figure}}` placeholders still in it. */
  function get(slug: DocSlug, locale: Locale): RenderedDoc | null {
    const key = `${locale}/${slug}`;
    if (!cache.has(key)) cache.set(key, read(dir, slug, locale, opts.supportEmail) ?? (locale === 'en' ? null : get(slug, 'en')));
    return cache.get(key) ?? null;
  }

  /**
   * The document as a reader sees it: figures that depend on what runs now (the raffle's free draws)
   * are read when asked, so a promise on a page never contradicts the campaign it describes.
   */
  async function render(slug: DocSlug, locale: Locale): Promise<RenderedDoc | null> {
    const doc = get(slug, locale);
    if (!doc || !PLACEHOLDER.test(doc.html) || !opts.figures) return doc;
    const figures = await opts.figures();
    return { ...doc, html: doc.html.replace(PLACEHOLDER_ALL, (m, name: string) => (name in figures ? String(figures[name]) : m)) };
  }
  return { get, render };
}

/** Numbers a document may name as `{{name}}`, from the server's running state. */
export type DocFigures = Record<string, number>;
const PLACEHOLDER = /\{\{(\w+)\}\}/;
const PLACEHOLDER_ALL = /\{\{(\w+)\}\}/g;
export type DocsService = ReturnType<typeof createDocsService>;

function read(dir: string, slug: DocSlug, locale: Locale, supportEmail: string): RenderedDoc | null {
  const file = path.join(dir, locale, `${slug}.md`);
  if (!fs.existsSync(file)) return null;
  // The operator's support address is configuration, not text in the documents.
  const src = fs.readFileSync(file, 'utf8').replaceAll('{{supportEmail}}', supportEmail);
  const { meta, body } = frontMatter(src);
  const toc: DocHeading[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const text = this.parser.parseInline(tokens);
        if (depth !== 2) return `<h${depth}>${text}</h${depth}>\n`;
        const id = `section-${toc.length + 1}`;
        toc.push({ id, text: decodeEntities(text.replace(/<[^>]+>/g, '')) });
        return `<h2 id="${id}">${text}</h2>\n`;
      },
      // Tables scroll sideways on a phone instead of widening the page.
      table(token) {
        return `<div class="table-scroll" tabindex="0">${BASE.table.call(this, token)}</div>`;
      },
    },
  });
  const html = marked.parse(body, { async: false }) as string;
  return {
    slug,
    title: meta.title ?? slug,
    summary: meta.summary ?? '',
    updated: meta.updated ?? '',
    html,
    toc: toc.length >= TOC_MIN_SECTIONS ? toc : [],
  };
}

/** `---\nkey: value\n---` at the top of a document. */
export function frontMatter(src: string): { meta: Record<string, string>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(src);
  if (!m) return { meta: {}, body: src };
  const meta: Record<string, string> = {};
  for (const line of (m[1] ?? '').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { meta, body: src.slice(m[0].length) };
}

/** The table of contents is plain text: the entities marked wrote for the HTML become characters. */
function decodeEntities(s: string): string {
  return s.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (e[0] !== '#') return named[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
    return Number.isFinite(code) ? String.fromCodePoint(code) : m;
  });
}
