// A hash of everything the build is made from: `npm start` rebuilds when it differs.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'tsconfig.json'];

export function sourceStamp(root = process.cwd()) {
  const hash = crypto.createHash('sha256');
  const walk = (p) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      hash.update(path.relative(root, p));
      hash.update(fs.readFileSync(p));
    }
  };
  for (const input of INPUTS) walk(path.join(root, input));
  return hash.digest('hex');
}
