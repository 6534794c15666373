import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createCodes } from './codes';
import { createDelivery, type Delivery } from './delivery/factory';
import { createExternalSignIn, type ExternalSignIn } from './external';
import { createPasswordGuesses } from './password-guesses';
import { registerAccountRoutes } from './routes';
import { loadAuthSecret } from './secret';
import { type AccountsService, createAccountsService } from './service';
import { createSessions } from './sessions';

export interface AccountsModule {
  accounts: AccountsService;
  external: ExternalSignIn;
  delivery: Delivery;
  secret: Buffer;
}

/** Builds the accounts domain: secret, codes, sessions, delivery, external sign-in. */
export async function createAccountsModule(config: Config, db: Db, log: FastifyInstance['log']): Promise<AccountsModule> {
  const secret = await loadAuthSecret(db.kysely, config.AUTH_SECRET);
  const delivery = await createDelivery(config, (line) => log.warn(line));
  const accounts = createAccountsService({
    db,
    codes: createCodes(db, secret),
    sessions: createSessions(db, { days: config.SESSION_DAYS }),
    guesses: createPasswordGuesses(db, secret),
    delivery,
    coolingDays: config.ACCOUNT_CANCEL_COOLING_DAYS,
    log,
  });
  const external = createExternalSignIn(accounts, config.wechatClients, log);
  return { accounts, external, delivery, secret };
}

export function registerAccounts(app: FastifyInstance, m: AccountsModule, publicUrl?: string) {
  registerAccountRoutes(app, { ...m, publicUrl });
  const outbox = m.delivery.outbox;
  if (outbox) {
    // Development only (start-up refuses the outbox in production): the codes that were "sent".
    app.get('/__dev/outbox', async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(outbox.page()),
    );
    app.get('/__dev/outbox.json', async (request) => {
      const destination = (request.query as { destination?: string }).destination;
      return destination ? (outbox.latest(destination) ?? null) : outbox.list();
    });
  }
}
