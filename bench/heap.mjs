// Heap snapshots of a running product server and their comparison by constructor, as DevTools'
// "Comparison" view shows them: the server is started with --heapsnapshot-signal=SIGUSR2 and
// --diagnostic-dir=<dir>, and writes a snapshot when signalled (it stops serving while it does).
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The node flags that let `takeSnapshot` ask the server for a snapshot in `dir`. */
export const snapshotArgs = (dir) => ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`];

/**
 * Signals the server and waits for its snapshot: the file appears at once and is written while
 * the process is busy, so it is complete when the server answers again.
 */
export async function takeSnapshot(server, dir, healthUrl, timeoutMs = 120_000) {
  const before = new Set(fs.readdirSync(dir));
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  let file;
  while (Date.now() < deadline && !file) {
    await sleep(200);
    file = fs.readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
  }
  if (!file) throw new Error('no heap snapshot was written');
  while (Date.now() < deadline) {
    try {
      const res = await fetch(healthUrl, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) break;
    } catch {
      // still writing
    }
    await sleep(200);
  }
  return path.join(dir, file);
}

/**
 * Count and self size per (node type, constructor or name) of a .heapsnapshot file. Strings are
 * grouped as one entry per type ("string", "concatenated string"…), not per value.
 */
export function summarise(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const meta = snap.snapshot.meta;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const width = fields.length;
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const groups = new Map();
  let total = 0;
  const nodes = snap.nodes;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + iType]];
    const size = nodes[i + iSize];
    const label = type === 'object' || type === 'closure' || type === 'native' ? `${type} ${snap.strings[nodes[i + iName]]}` : type;
    const g = groups.get(label) ?? { count: 0, size: 0 };
    g.count++;
    g.size += size;
    groups.set(label, g);
    total += size;
  }
  return { total, nodes: nodes.length / width, groups };
}

/** The groups whose self size changed most between two summaries, largest growth first, and the largest groups. */
export function compare(a, b, top = 15) {
  const labels = new Set([...a.groups.keys(), ...b.groups.keys()]);
  const rows = [...labels].map((label) => {
    const x = a.groups.get(label) ?? { count: 0, size: 0 };
    const y = b.groups.get(label) ?? { count: 0, size: 0 };
    return { label, countA: x.count, countB: y.count, sizeA: x.size, sizeB: y.size, delta: y.size - x.size };
  });
  const largest = [...rows].sort((p, q) => q.sizeB - p.sizeB).slice(0, top);
  rows.sort((p, q) => q.delta - p.delta);
  return { totalA: a.total, totalB: b.total, nodesA: a.nodes, nodesB: b.nodes, growers: rows.slice(0, top), largest };
}
