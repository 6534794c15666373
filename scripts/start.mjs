// `npm start`: builds when the sources changed since the last build, then serves site + API.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { sourceStamp } from './source-stamp.mjs';

const stamp = fs.existsSync('build/.stamp') ? fs.readFileSync('build/.stamp', 'utf8') : '';
if (stamp !== sourceStamp() || !fs.existsSync('build/app/main.js') || !fs.existsSync('build/server/index.js')) {
  console.log('Building (first start or sources changed)…');
  execSync('npm run build', { stdio: 'inherit' });
}
// React and React Router pick their production builds from NODE_ENV when first imported: set it
// before the server loads them (the configuration's own default is production too).
process.env.NODE_ENV ??= 'production';
await import(new URL('../build/app/main.js', import.meta.url).href);
