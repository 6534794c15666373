import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app';
import { checkinDemoSeed } from './checkin/seed';
import { collectionDemoSeed } from './collection/seed';
import { ConfigError, loadConfig } from './config';
import { contentDemoSeed } from './content/seed';
import { communityDemoSeed } from './content/seed-community';
import { createDiskStorage } from './content/storage';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { runSeeds, SEEDS } from './db/seed/seed';
import { createDevVite } from './dev-vite';
import { giftcodeDemoSeed, newcomerDemoSeed } from './giftpack/seed';
import { closeIdleConnectionsUntilClosed } from './http/drain';
import { inviteDemoSeed, inviteTiersDemoSeed } from './invite/seed';
import { prizeArtDemoSeed } from './lottery/prize-art';
import { lotteryDemoSeed } from './lottery/seed';
import { blindBoxDemoSeed, happyPlanetDemoSeed } from './lottery/seed-looks';
import { mallDemoSeed } from './mall/seed';
import { modelerDemoSeed } from './modeler/seed';
import { assertProductionSafe } from './production-guard';
import { venuesDemoSeed } from './venues/seed';

/** Reads configuration, migrates, seeds once, serves; drains, then shuts down gracefully on SIGTERM/SIGINT. */
async function main() {
  // A .env file beside package.json is read like the environment (which wins).
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    assertProductionSafe(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  if (config.isProduction && !config.PUBLIC_URL) {
    console.warn(
      `PUBLIC_URL is not set: serving this machine only, at http://localhost:${config.PORT} (HOST=${config.HOST}). A deployment sets PUBLIC_URL to its https:// origin.`,
    );
  }
  if (!process.env.NODE_ENV) {
    console.warn('NODE_ENV is not set: React renders with its slow development build. Start with `npm start`.');
  }
  // A lost connection is logged and survived: the query it carried fails on its own, and the pool
  // connects again. Logged through the app's logger once there is one.
  let log: Pick<Console, 'warn'> = console;
  const db = openDatabase(config.database, {
    poolSize: config.DATABASE_POOL_SIZE,
    onFault: (err) => log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost'),
  });
  await migrateToLatest(db.kysely);
  if (config.SEED_DEMO_DATA) {
    const files = createDiskStorage(config.FILES_DIR);
    await runSeeds(db.kysely, [
      ...SEEDS,
      contentDemoSeed(files),
      communityDemoSeed(files),
      lotteryDemoSeed(),
      checkinDemoSeed(),
      newcomerDemoSeed(),
      inviteDemoSeed(),
      inviteTiersDemoSeed(),
      collectionDemoSeed(),
      venuesDemoSeed(files),
      modelerDemoSeed(files),
      giftcodeDemoSeed(),
      mallDemoSeed(files),
      blindBoxDemoSeed(),
      happyPlanetDemoSeed(),
      // After every campaign seed: it gives their prizes pictures.
      prizeArtDemoSeed(files),
    ]);
  }

  const dev = config.NODE_ENV === 'development';
  const root = process.cwd();
  let app: Awaited<ReturnType<typeof buildApp>>;
  if (dev) {
    const vite = await createDevVite(config);
    app = await buildApp(config, { db, viteMiddlewares: vite.middlewares, ssrBuild: vite.ssrBuild });
    app.addHook('onClose', () => vite.close());
  } else {
    const serverBuild = pathToFileURL(path.join(root, 'build/server/index.js')).href;
    app = await buildApp(config, {
      db,
      clientDir: path.join(root, 'build/client'),
      ssrBuild: () => import(serverBuild) as Promise<ServerBuild>,
    });
  }
  log = app.log;

  // Drain first (/healthz 503, everything else served) so load balancers stop sending, then
  // close: background jobs stop, no new connections, in-flight requests finish, onClose hooks flush (the analytics
  // buffer), the database closes last.
  const shutdown = (signal: string) => {
    // A second signal (SIGINT after SIGTERM, an impatient orchestrator) must not shut down twice.
    if (!app.drain.start(app.server)) return;
    app.log.info({ signal, drainSeconds: config.DRAIN_SECONDS }, 'shutting down: draining (/healthz answers 503), still serving');
    setTimeout(close, config.DRAIN_SECONDS * 1000);
  };
  const close = () => {
    app.log.info('shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    closeIdleConnectionsUntilClosed(app.server);
    // The database closes after every onClose hook: they may still write (the analytics buffer).
    app.close().then(
      () => db.close().then(() => process.exit(0)),
      (err) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // The domains' background jobs run in the serving process only (tests and tools build apps
  // without them); closing the app stops them.
  app.jobs.start();
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info({ dialect: db.dialect, edition: config.EDITION }, 'ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
