import fp from 'fastify-plugin';
import { type AccountsModule, createAccountsModule } from './accounts/module';
import type { Config } from './config';
import { type Db, openDatabase } from './db/database';
import { Drain } from './http/drain';
import { createMallModule, type MallModule } from './mall/setup';
import { createServices, type Services } from './services';

/**
 * The domains' inner parts that only their own plugins use: the accounts module's secret,
 * delivery and external sign-in; the mall's payers and payment channel.
 */
export interface Modules {
  accounts: AccountsModule;
  mall: MallModule;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The parsed configuration. */
    config: Config;
    /** The raw database: for the routes and jobs that write through it, never for page loaders. */
    db: Db;
    modules: Modules;
    /** The domains' services, one per domain; page loaders see a read-only part (page-services.ts). */
    services: Services;
  }
}

export interface CoreOptions {
  config: Config;
  /** A database already opened by the caller (tests share one); otherwise opened from config and closed with the app. */
  db?: Db;
}

/**
 * What every domain plugin stands on: configuration, the database, the modules and the services,
 * each its own decoration, built once per app.
 */
export const corePlugin = fp<CoreOptions>(
  async (app, { config, db: given }) => {
    // Started by main.ts on SIGTERM; /healthz reads it.
    app.decorate('drain', new Drain());
    app.decorate('config', config);
    const db = given ?? openDatabase(config.database, { poolSize: config.DATABASE_POOL_SIZE });
    if (!given) app.addHook('onClose', () => db.close());
    app.decorate('db', db);
    const accounts = await createAccountsModule(config, db, app.log);
    const mall = await createMallModule(config, db, app.log);
    app.decorate('modules', { accounts, mall });
    app.decorate('services', createServices(config, { db, accounts: accounts.accounts, mall: mall.mall }));
  },
  { name: 'core', fastify: '5.x' },
);
