import type { Order, PayStart } from '../../shared/api/mall';
import { MALL_PAY_NOTIFY_PATH, MALL_REFUND_NOTIFY_PATH } from '../../shared/api/routes-mall';
import { ResultCode } from '../../shared/errors';
import type { AuditHook } from '../console/audit';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { type JsapiPayParams, PayError, type PaymentNotice, type Transaction, type WechatPayProvider } from '../wechat/pay/provider';
import type { PayAnswer } from '../wechat/pay/v3';
import { moveAndRead, moveOrder, type OrderRow, orderByNo, orderView, ownOrder } from './orders';

/**
 * Paying orders with WeChat Pay (JSAPI) and learning the outcome. WeChat Pay is the source of
 * truth: an order is paid when a verified notification or our own query says SUCCESS for its
 * number and amount. Before an unpaid order is cancelled it is closed at WeChat Pay, so no payment
 * can land on a cancelled order; if closing answers "already paid", the order becomes paid instead.
 */

export interface PaymentDeps {
  db: Db;
  /**
   * The WeChat Pay in use, or null when it is not set up here (pay answers 3806). A function: the
   * development stand-in starts on first use, so instances that never take a payment never start it.
   */
  pay(): Promise<PayChannel | null>;
  /** The member's openid for the pay app, or null when WeChat has not told us yet (3807). */
  openidFor(userId: number): Promise<string | null>;
  /**
   * Where WeChat Pay posts results: PUBLIC_URL, or (development and tests, unset) the address this
   * instance listens on, filled in once it listens.
   */
  origin: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const system = (now: number) => ({ now, actorId: null });

/** A provider failure as the member sees it: try again later (503), or refused (3812). */
function payFailure(err: unknown, deps: PaymentDeps, orderNo: string): never {
  if (!(err instanceof PayError)) throw err;
  deps.log.warn({ orderNo, reason: err.reason, wechatCode: err.wechatCode }, 'WeChat Pay call failed');
  if (err.reason === 'rejected') throw new AppError(ResultCode.payRefused);
  throw new AppError(ResultCode.payUnavailable, { httpStatus: 503 });
}

export interface PayChannel {
  provider: WechatPayProvider;
  /**
   * Development only: the local stand-in playing the payer's WeChat client (what
   * getBrandWCPayRequest does inside WeChat); the page reaches it through DEV_PAY_PATH.
   */
  devPay?: (params: JsapiPayParams) => PayAnswer;
}

/** Development only (registered with the dev stand-in, which production refuses): the page's "pay" outside WeChat. */
export const DEV_PAY_PATH = '/__dev/wechat-pay/pay';

async function channel(deps: PaymentDeps): Promise<PayChannel> {
  const c = await deps.pay();
  if (!c) throw new AppError(ResultCode.payUnavailable);
  return c;
}

export async function startPay(deps: PaymentDeps, userId: number, orderNo: string, now: number): Promise<PayStart> {
  let order = await ownOrder(deps.db.kysely, userId, orderNo);
  if (order.state === 'created' && order.pay_by <= now) {
    await closeAndCancel(deps, order, 'expired', system(now));
    throw new AppError(ResultCode.orderExpired);
  }
  if (order.state !== 'created') throw new AppError(ResultCode.orderStateChanged);
  const { provider: pay, devPay } = await channel(deps);
  const openid = await deps.openidFor(userId);
  if (!openid) throw new AppError(ResultCode.payerNeeded);
  let prepayId = order.payer_openid === openid ? order.prepay_id : null;
  if (!prepayId) {
    const view = await orderView(deps.db.kysely, order);
    const first = view.lines[0]?.name ?? order.order_no;
    try {
      ({ prepayId } = await pay.createJsapiOrder({
        outTradeNo: order.order_no,
        // WeChat shows it on the payment sheet and the receipt (at most 127 bytes).
        description: truncateUtf8(view.lines.length > 1 ? `${first} ×${order.item_count}` : first, 127),
        totalFen: order.total_fen,
        payerOpenid: openid,
        expiresAt: Number(order.pay_by),
        notifyUrl: deps.origin + MALL_PAY_NOTIFY_PATH,
      }));
    } catch (err) {
      payFailure(err, deps, order.order_no);
    }
    await deps.db.kysely
      .updateTable('mall_orders')
      .set({ prepay_id: prepayId, payer_openid: openid, updated_at: now })
      .where('id', '=', order.id)
      .where('state', '=', 'created')
      .execute();
    order = await ownOrder(deps.db.kysely, userId, orderNo);
  }
  return {
    params: pay.jsapiParams(prepayId as string),
    order: await orderView(deps.db.kysely, order),
    ...(devPay ? { devPayUrl: DEV_PAY_PATH } : {}),
  };
}

function truncateUtf8(s: string, maxBytes: number): string {
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > maxBytes) break;
    out += ch;
  }
  return out;
}

/**
 * A transaction as WeChat Pay reports it, applied to its order: SUCCESS for our app, merchant and
 * the order's exact amount makes a created order paid (once, whoever reports first). Anything that
 * does not match is logged for staff and changes nothing.
 */
export async function applyTransaction(deps: PaymentDeps, t: Transaction, now: number): Promise<void> {
  if (t.tradeState !== 'SUCCESS') return;
  const order = await orderByNo(deps.db.kysely, t.outTradeNo);
  const pay = (await deps.pay())?.provider;
  if (!order || !pay || t.appId !== pay.appId || t.mchid !== pay.mchid || t.totalFen !== order.total_fen) {
    deps.log.error(
      { orderNo: t.outTradeNo, transactionId: t.transactionId, totalFen: t.totalFen },
      'WeChat Pay transaction matches no order',
    );
    return;
  }
  if (order.state === 'created') {
    await moveAndRead(deps.db, order, 'paid', system(now), {
      transaction_id: t.transactionId,
      payer_openid: t.payerOpenid ?? order.payer_openid,
    });
    return;
  }
  if (order.state === 'cancelled' && order.transaction_id === null) {
    // Closing at WeChat Pay comes before cancelling, so this needs WeChat to have taken money for
    // a closed order; if it ever does, the money goes back rather than being kept for nothing.
    deps.log.error({ orderNo: order.order_no, transactionId: t.transactionId }, 'payment for a cancelled order: refunding it');
    await pay
      .refund({
        outTradeNo: order.order_no,
        outRefundNo: `R${order.order_no.slice(1)}`,
        totalFen: t.totalFen,
        refundFen: t.totalFen,
        reason: 'order cancelled',
        notifyUrl: deps.origin + MALL_REFUND_NOTIFY_PATH,
      })
      .catch((err) => deps.log.error({ orderNo: order.order_no, err: String(err) }, 'automatic refund failed'));
  }
}

/** After the pay sheet: asks WeChat Pay directly (a notification may still be on its way). */
export async function syncOrder(deps: PaymentDeps, userId: number, orderNo: string, now: number): Promise<Order> {
  const order = await ownOrder(deps.db.kysely, userId, orderNo);
  const pay = order.state === 'created' && order.prepay_id ? (await deps.pay())?.provider : undefined;
  if (pay) {
    const t = await pay.queryOrder(order.order_no).catch((err) => payFailure(err, deps, order.order_no));
    if (t) await applyTransaction(deps, t, now);
  }
  return orderView(deps.db.kysely, await ownOrder(deps.db.kysely, userId, orderNo));
}

/**
 * Cancels an unpaid order (the buyer, or the expiry job): closed at WeChat Pay first when a
 * payment was started there. If WeChat answers that it is paid, the order becomes paid and the
 * cancellation is refused (3805).
 */
export async function closeAndCancel(
  deps: PaymentDeps,
  order: OrderRow,
  reason: 'buyer' | 'expired',
  at: { now: number; actorId: number | null },
): Promise<OrderRow> {
  if (order.state !== 'created') throw new AppError(ResultCode.orderStateChanged);
  const pay = order.prepay_id ? (await deps.pay())?.provider : undefined;
  if (pay) {
    try {
      await pay.closeOrder(order.order_no);
    } catch (err) {
      if (!(err instanceof PayError && err.wechatCode === 'ORDERPAID')) payFailure(err, deps, order.order_no);
      const t = await pay.queryOrder(order.order_no).catch((e) => payFailure(e, deps, order.order_no));
      if (t) await applyTransaction(deps, t, at.now);
      throw new AppError(ResultCode.orderStateChanged);
    }
  }
  return moveAndRead(deps.db, order, 'cancelled', at, { cancel_reason: reason });
}

/** WeChat Pay's notification, verified and decrypted by the provider; false when it must be refused. */
export async function receiveNotice(deps: PaymentDeps, headers: Record<string, string | string[] | undefined>, raw: string, now: number) {
  const pay = (await deps.pay())?.provider;
  if (!pay) return false;
  let notice: PaymentNotice;
  try {
    notice = pay.readNotification(headers, raw);
  } catch (err) {
    if (!(err instanceof PayError)) throw err;
    deps.log.warn({ reason: err.reason }, 'WeChat Pay notification refused');
    return false;
  }
  // Applied first (idempotently), recorded after: a failure in between makes WeChat send it again.
  if (notice.transaction) await applyTransaction(deps, notice.transaction, now);
  if (notice.refund && notice.refund.status !== 'SUCCESS')
    deps.log.error({ orderNo: notice.refund.outTradeNo, status: notice.refund.status }, 'WeChat Pay refund did not succeed');
  await deps.db.kysely
    .insertInto('mall_pay_notices')
    .values({
      id: notice.id.slice(0, 64),
      event_type: notice.eventType.slice(0, 40),
      order_no: (notice.transaction?.outTradeNo ?? notice.refund?.outTradeNo ?? '').slice(0, 32),
      received_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return true;
}

/** Staff refund the whole order (paid or shipped). The refund number is derived from the order, so a retry is the same refund at WeChat Pay. */
export async function refundOrder(
  deps: PaymentDeps,
  orderNo: string,
  reason: string,
  at: { now: number; actorId: number | null },
  audit?: AuditHook,
) {
  const order = await orderByNo(deps.db.kysely, orderNo);
  if (!order) throw new AppError(ResultCode.orderNotFound);
  if (order.state !== 'paid' && order.state !== 'shipped') throw new AppError(ResultCode.orderStateChanged);
  const refundNo = `R${order.order_no.slice(1)}`;
  const { provider: pay } = await channel(deps);
  const r = await pay
    .refund({
      outTradeNo: order.order_no,
      outRefundNo: refundNo,
      totalFen: order.total_fen,
      refundFen: order.total_fen,
      reason,
      notifyUrl: deps.origin + MALL_REFUND_NOTIFY_PATH,
    })
    .catch((err) => payFailure(err, deps, order.order_no));
  if (r.status === 'CLOSED' || r.status === 'ABNORMAL') throw new AppError(ResultCode.payRefused);
  return moveAndRead(deps.db, order, 'refunded', at, { refund_no: refundNo }, audit);
}

/** Unpaid orders past their time (cancelled, stock back) and shipped ones past AUTO_COMPLETE_MS (done). Safe on several instances at once. */
export async function expireOrders(deps: PaymentDeps, now: number, completeAfterMs: number): Promise<{ cancelled: number; done: number }> {
  const late = await deps.db.kysely
    .selectFrom('mall_orders')
    .selectAll()
    .where('state', '=', 'created')
    .where('pay_by', '<=', now)
    .limit(200)
    .execute();
  let cancelled = 0;
  for (const order of late) {
    try {
      const after = await closeAndCancel(deps, order, 'expired', system(now));
      if (after.state === 'cancelled') cancelled++;
    } catch (err) {
      // Paid after all, or WeChat Pay unreachable: the next run looks again.
      if (!(err instanceof AppError)) throw err;
    }
  }
  const arrived = await deps.db.kysely
    .selectFrom('mall_orders')
    .selectAll()
    .where('state', '=', 'shipped')
    .where('updated_at', '<=', now - completeAfterMs)
    .limit(200)
    .execute();
  let done = 0;
  for (const order of arrived) {
    // Guarded by the state read: run again, the move finds the order done and writes nothing.
    if (await deps.db.transaction((trx) => moveOrder(trx, order, 'done', system(now)), { idempotent: true })) done++;
  }
  return { cancelled, done };
}
