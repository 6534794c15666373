// npm 11 writes only the current platform's optional native packages into package-lock.json, and
// then `npm ci` refuses that lock on every machine ("Missing: @rollup/rollup-… from lock file";
// npm/cli#8320, #8805). This adds the missing platform entries from the registry's metadata, so
// `npm ci` works on a fresh machine. Run after changing dependencies: `node scripts/complete-lock.mjs`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const m = registryMeta(name, spec) ?? inferred(name, spec);
    packages[`node_modules/${name}`] = {
      version: m.version,
      ...(m.dist?.integrity ? { integrity: m.dist.integrity } : {}),
      ...(m.cpu ? { cpu: m.cpu } : {}),
      ...(m.os ? { os: m.os } : {}),
      ...(m.libc ? { libc: m.libc } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(m.license ? { license: m.license } : {}),
      optional: true,
      ...(m.engines ? { engines: m.engines } : {}),
    };
    added++;
  }
}
function registryMeta(name, spec) {
  try {
    const out = execFileSync('npm', ['view', `${name}@${spec}`, '--json', 'version', 'dist', 'os', 'cpu', 'libc', 'license', 'engines'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const meta = JSON.parse(out);
    return Array.isArray(meta) ? meta.at(-1) : meta;
  } catch {
    return null;
  }
}

// A registry mirror may not carry packages for other platforms at all; those are never installed
// here, so their platform (read from the package name) is all npm needs to skip them.
function inferred(name, spec) {
  const os = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'].find((o) =>
    name.includes(o),
  );
  const cpu = [
    ['arm64', 'arm64'],
    ['x64', 'x64'],
    ['ia32', 'ia32'],
    ['loong64', 'loong64'],
    ['ppc64', 'ppc64'],
    ['riscv64', 'riscv64'],
    ['s390x', 's390x'],
    ['arm', 'arm'],
  ].find(([t]) => name.includes(t))?.[1];
  const libc = name.includes('musl') ? ['musl'] : os === 'linux' && /gnu/.test(name) ? ['glibc'] : undefined;
  if (!os || !cpu || !/^\d+\.\d+\.\d+/.test(spec))
    throw new Error(`cannot place ${name}@${spec}: not in the registry and no platform in its name`);
  return { version: spec, os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

// npm keeps the packages map sorted by path.
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
