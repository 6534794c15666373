// `npm test`: unit and API tests (API on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set),
// then the browser journeys on a production build in the system Chromium. REQUIRE_BROWSER=1 (CI)
// makes a missing Chromium a failure instead of a skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { sourceStamp } from './source-stamp.mjs';

const run = (cmd, args, env = {}) => {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npx', ['react-router', 'typegen']);
run('npx', ['vitest', 'run']);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`Chromium not found at ${chromium} (REQUIRE_BROWSER=1). Install it: apt-get install -y chromium`);
    process.exit(1);
  }
  console.warn(`\nBrowser tests skipped: no Chromium at ${chromium} (set CHROMIUM_PATH, or apt-get install -y chromium).`);
  process.exit(0);
}

const stamp = fs.existsSync('build/.stamp') ? fs.readFileSync('build/.stamp', 'utf8') : '';
if (stamp !== sourceStamp() || !fs.existsSync('build/app/main.js')) run('npm', ['run', 'build']);
run('npx', ['playwright', 'test']);
