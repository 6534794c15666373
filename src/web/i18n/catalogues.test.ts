import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RESULT_CODES, EXPLAINED_HTTP_STATUSES, messageKeyFor } from '../../shared/errors';
import { LOCALES } from '../../shared/i18n';
import { lookup } from '../../shared/translate';
import { NAMESPACES } from './namespaces';
import { createTranslator } from './translator';

const DIR = path.join(__dirname, '../../../locales');
type Tree = { [k: string]: string | Tree };
const read = (locale: string, ns: string): Tree => JSON.parse(fs.readFileSync(path.join(DIR, locale, `${ns}.json`), 'utf8'));
const leaves = (t: Tree, p = ''): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [[p + k, v] as [string, string]] : leaves(v, `${p}${k}.`)));
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('catalogues', () => {
  it('has every namespace in every locale, and no stray files', () => {
    for (const l of LOCALES) {
      const files = fs.readdirSync(path.join(DIR, l)).sort();
      expect(files).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every English key exists in every locale, with the same placeholders`, () => {
      const en = leaves(read('en', ns));
      for (const l of LOCALES) {
        const other = new Map(leaves(read(l, ns)));
        const missing = en.filter(([k]) => !other.has(k)).map(([k]) => k);
        expect(missing, `${l}/${ns}.json is missing keys`).toEqual([]);
        const extra = [...other.keys()].filter((k) => !en.some(([e]) => e === k));
        expect(extra, `${l}/${ns}.json has keys English does not`).toEqual([]);
        for (const [k, v] of en) expect(placeholders(other.get(k) ?? ''), `${l}/${ns}:${k}`).toEqual(placeholders(v));
      }
    });
  }

  it('is really translated: Chinese texts are Chinese, French differs from English', () => {
    for (const ns of ['common', 'errors', 'site'] as const) {
      const en = new Map(leaves(read('en', ns)));
      const fr = leaves(read('fr', ns));
      const same = fr.filter(([k, v]) => en.get(k) === v && /[a-z]{4,}/i.test(v));
      // Brand names and a few words are the same in both languages; whole catalogues are not.
      expect(same.length / fr.length).toBeLessThan(0.15);
      for (const l of ['zh-CN', 'zh-TW']) {
        const zh = leaves(read(l, ns));
        const han = zh.filter(([, v]) => /[\u4e00-\u9fff]/.test(v));
        expect(han.length / zh.length, `${l}/${ns}`).toBeGreaterThan(0.85);
      }
    }
  });

  it('has a message for every result code', () => {
    for (const l of LOCALES) {
      const errors = read(l, 'errors');
      for (const code of [...ALL_RESULT_CODES, ...EXPLAINED_HTTP_STATUSES]) {
        const key = messageKeyFor(code);
        expect(key, `code ${code}`).not.toBe('unknown');
        expect(lookup(errors, key), `${l}: ${key}`).toBeTypeOf('string');
      }
    }
  });
});

describe('translator', () => {
  const t = createTranslator('fr', {
    common: { a: 'Bonjour {{name}}', n_one: '{{count}} tirage', n_other: '{{count}} tirages', deep: { x: 'y' } } as never,
  });
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t.t('common', 'a', { name: 'Léa' })).toBe('Bonjour Léa');
    expect(t.t('common', 'a')).toBe('Bonjour {{name}}');
  });
  it('chooses plural forms by the language rules', () => {
    expect(t.t('common', 'n', { count: 1 })).toBe('1 tirage');
    expect(t.t('common', 'n', { count: 0 })).toBe('0 tirage');
    expect(t.t('common', 'n', { count: 3 })).toBe('3 tirages');
  });
  it('reads nested keys and shows the key for a missing one', () => {
    expect(t.t('common', 'deep.x')).toBe('y');
    expect(t.t('common', 'deep.missing')).toBe('deep.missing');
    expect(t.t('site', 'anything')).toBe('anything');
  });
});
