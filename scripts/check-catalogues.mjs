// Lists catalogue keys missing per locale (against English, the source of wording), and keys a
// locale has that English does not. Exit 1 when anything is missing: every string a person sees
// must exist in all four languages.
import fs from 'node:fs';
import path from 'node:path';

const DIR = 'locales';
const flat = (o, p = '') => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${p}${k}.`) : [p + k]));
const keys = (locale) => {
  const out = new Set();
  for (const f of fs.readdirSync(path.join(DIR, locale)).filter((f) => f.endsWith('.json'))) {
    for (const k of flat(JSON.parse(fs.readFileSync(path.join(DIR, locale, f), 'utf8')))) out.add(`${f.slice(0, -5)}:${k}`);
  }
  return out;
};
const en = keys('en');
let problems = 0;
for (const locale of fs.readdirSync(DIR).filter((l) => l !== 'en')) {
  const have = keys(locale);
  const missing = [...en].filter((k) => !have.has(k));
  const extra = [...have].filter((k) => !en.has(k));
  if (missing.length) console.log(`${locale}: ${missing.length} missing: ${missing.join(', ')}`);
  if (extra.length) console.log(`${locale}: ${extra.length} not in English: ${extra.join(', ')}`);
  problems += missing.length + extra.length;
}
if (problems) process.exit(1);
console.log(`catalogues complete: ${en.size} keys in every locale`);
