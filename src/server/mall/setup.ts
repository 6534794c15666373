import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createWechatProvider } from '../wechat/login/provider';
import { createWechatPayProvider } from '../wechat/pay/provider';
import { createPayers, devPayers, type Payers } from './payers';
import type { PayChannel, PaymentDeps } from './payment';
import { createMallService, type Mall } from './service';

type DevWechatPay = Awaited<ReturnType<typeof import('../../dev/index').startDevWechatPay>>;

export interface MallModule {
  mall: Mall;
  payers: Payers;
  payment: PaymentDeps;
  /** Which WeChat Pay this instance uses (the production guard refuses 'dev'). */
  payKind: 'http' | 'dev' | 'none';
  close(): Promise<void>;
}

/**
 * Builds the mall with its WeChat Pay. http: the merchant's settings (WECHAT_PAY_*) and the
 * official account (WECHAT_PAY_CLIENT_ID, whose appId must be WeChat Pay's) for payers' openids;
 * notifications come to PUBLIC_URL. dev: the local stand-in, members pay as made-up openids.
 */
export async function createMallModule(config: Config, db: Db, log: FastifyBaseLogger): Promise<MallModule> {
  const payKind = config.wechatPay.kind;
  let pay: () => Promise<PayChannel | null> = async () => null;
  let payers: Payers = devPayers();
  let close = async () => {};
  const origin = (config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, '');
  if (config.wechatPay.kind === 'http' && config.PUBLIC_URL) {
    const { merchant, client } = config.wechatPay;
    const provider = createWechatPayProvider(merchant);
    pay = async () => ({ provider });
    const wechat = createWechatProvider(client);
    payers = createPayers(db.kysely, { appId: client.appId, publicUrl: config.PUBLIC_URL, exchange: (code) => wechat.exchange(code) });
  } else if (payKind === 'dev') {
    // Started on first use (keys made, port opened), once.
    let started: Promise<DevWechatPay> | undefined;
    const dev = () => {
      started ??= import('../../dev/index')
        .then(({ startDevWechatPay }) => startDevWechatPay())
        .then((d) => {
          log.warn({ standIn: d.standIn.url }, 'WeChat mall: DEVELOPMENT payments through a local stand-in (no money moves)');
          return d;
        });
      return started;
    };
    pay = async () => {
      const d = await dev();
      return { provider: d.provider, devPay: (params) => d.standIn.pay(params) };
    };
    close = async () => {
      if (started) await (await started).close();
    };
  }
  const payment: PaymentDeps = {
    db,
    pay,
    openidFor: (userId) => payers.openidFor(userId),
    origin,
    log,
  };
  return { mall: createMallService(payment), payers, payment, payKind, close };
}
