// The ceiling a PostgreSQL draw is measured against: pgbench's TPC-B-like transaction (three
// updates, a select and an insert in one transaction), on the same server, in the same run, at the
// draw load's client count where the server allows it. A draw is a handful of writes in one
// transaction too, so this is the practical limit of this machine for it.
//
// With `pgbench` on the PATH it runs pgbench itself; otherwise the same five statements go through
// node-postgres, one client per connection, for the same time.
import { execFileSync, spawnSync } from 'node:child_process';
import pg from 'pg';

const SCALE = 10;
const ACCOUNTS_PER_BRANCH = 100_000;
const TELLERS_PER_BRANCH = 10;

/** Clients pgbench may open on this server: the wanted count, less what the server keeps back. */
async function usableClients(url, wanted) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const max = Number((await c.query('show max_connections')).rows[0].max_connections);
    // Superuser slots, the product's pool and this client stay free.
    return Math.max(1, Math.min(wanted, max - 15));
  } finally {
    await c.end();
  }
}

const hasPgbench = () => spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0;

/** TPC-B-like transactions per second on `url` (a bench database of its own), for `seconds`. */
export async function tpcbLike({ url, clients, seconds }) {
  const n = await usableClients(url, clients);
  if (hasPgbench()) {
    execFileSync('pgbench', ['-i', '-q', '-s', String(SCALE), url], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-n', '-c', String(n), '-j', '2', '-T', String(seconds), url], { encoding: 'utf8' });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
    if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
    return { tool: 'pgbench', clients: n, seconds, tps: Number(tps) };
  }
  return { tool: 'node-postgres', clients: n, seconds, tps: await throughPg(url, n, seconds) };
}

/** The same transaction through node-postgres, when pgbench is not installed. */
async function throughPg(url, clients, seconds) {
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(`
    drop table if exists pgbench_history, pgbench_tellers, pgbench_accounts, pgbench_branches;
    create table pgbench_branches (bid int primary key, bbalance int, filler char(88));
    create table pgbench_tellers (tid int primary key, bid int, tbalance int, filler char(84));
    create table pgbench_accounts (aid int primary key, bid int, abalance int, filler char(84));
    create table pgbench_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22));
    insert into pgbench_branches select b, 0 from generate_series(1, ${SCALE}) b;
    insert into pgbench_tellers select t, (t - 1) / ${TELLERS_PER_BRANCH} + 1, 0 from generate_series(1, ${SCALE * TELLERS_PER_BRANCH}) t;
    insert into pgbench_accounts select a, (a - 1) / ${ACCOUNTS_PER_BRANCH} + 1, 0 from generate_series(1, ${SCALE * ACCOUNTS_PER_BRANCH}) a;`);
  // Not in the batch above: a multi-statement query is one transaction, and VACUUM refuses those.
  await setup.query('vacuum analyze');
  await setup.end();
  const until = Date.now() + seconds * 1000;
  const pick = (n) => 1 + Math.floor(Math.random() * n);
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        while (Date.now() < until) {
          const [aid, bid, tid, delta] = [
            pick(SCALE * ACCOUNTS_PER_BRANCH),
            pick(SCALE),
            pick(SCALE * TELLERS_PER_BRANCH),
            pick(10_001) - 5_001,
          ];
          await c.query('begin');
          await c.query('update pgbench_accounts set abalance = abalance + $1 where aid = $2', [delta, aid]);
          await c.query('select abalance from pgbench_accounts where aid = $1', [aid]);
          await c.query('update pgbench_tellers set tbalance = tbalance + $1 where tid = $2', [delta, tid]);
          await c.query('update pgbench_branches set bbalance = bbalance + $1 where bid = $2', [delta, bid]);
          await c.query('insert into pgbench_history (tid, bid, aid, delta, mtime) values ($1, $2, $3, $4, current_timestamp)', [
            tid,
            bid,
            aid,
            delta,
          ]);
          await c.query('commit');
          done++;
        }
      } finally {
        await c.end();
      }
    }),
  );
  return done / seconds;
}
