/**
 * The WeChat mall on the database of DATABASE_URL (run: `npm run mall:admin -- <command>`):
 *   save <product.json>            a new product, or an edit when it has an "id" (example:
 *                                  docs/examples/mall-product.json; an edit never sets the stock)
 *   restock <productId> <units>    adds units (negative: withdraws them, never below zero)
 *   products                       every product with its stock and units sold
 *   orders [state]                 the newest 50 orders (created, paid, shipped, done, cancelled, refunded)
 *   ship <orderNo> <carrier> <trackingNo>   a paid order handed to the carrier
 *   refund <orderNo> <reason>      the whole order refunded through WeChat Pay
 * Input is checked like the admin API's; a refusal names the fields, writes nothing and exits 1.
 */
import { parseInput } from '../src/server/http/envelope';
import { createMallModule } from '../src/server/mall/setup';
import { adminRefund, adminRestock, adminShip, ZProductInput } from '../src/shared/api/mall';
import { ORDER_STATES } from '../src/shared/mall-rules';
import { openCliDatabase } from './cli-database';
import { Refused, readInput, reportFailure } from './cli-input';

const USAGE =
  'usage: npm run mall:admin -- save <product.json> | restock <productId> <units> | products | orders [state] | ship <orderNo> <carrier> <trackingNo> | refund <orderNo> <reason>';
const ARITY: Record<string, number[]> = {
  save: [1],
  restock: [2],
  products: [0],
  orders: [0, 1],
  ship: [3],
  refund: [2, 3, 4, 5, 6, 7, 8],
};

const [command = '', ...args] = process.argv.slice(2);
if (!ARITY[command]?.includes(args.length)) {
  console.error(USAGE);
  process.exit(1);
}

const { config, db } = await openCliDatabase();
const mall = await createMallModule(config, db, { warn: () => {}, error: console.error, info: () => {} } as never);
const admin = mall.mall.admin;
// An operator at the console is no member: the history rows it writes name no one.
const OPERATOR = null;
try {
  let result: unknown;
  if (command === 'save') result = await admin.saveProduct(readInput(ZProductInput, args[0] as string));
  else if (command === 'restock') {
    const input = parseInput(adminRestock.input, { id: args[0], add: Number(args[1]) });
    result = await admin.restock(input.id, input.add);
  } else if (command === 'products') result = await admin.products();
  else if (command === 'orders') {
    const state = args[0];
    if (state !== undefined && !(ORDER_STATES as readonly string[]).includes(state))
      throw new Refused(`state: one of ${ORDER_STATES.join(', ')}`);
    result = await admin.orders({ limit: 50, ...(state ? { state: state as (typeof ORDER_STATES)[number] } : {}) });
  } else if (command === 'ship') {
    const input = parseInput(adminShip.input, { orderNo: args[0], carrier: args[1], trackingNo: args[2] });
    result = await admin.ship(input.orderNo, input, OPERATOR);
  } else {
    const input = parseInput(adminRefund.input, { orderNo: args[0], reason: args.slice(1).join(' ') });
    result = await admin.refund(input.orderNo, input.reason, OPERATOR);
  }
  console.log(JSON.stringify(result, null, 2));
} catch (err) {
  reportFailure(err);
} finally {
  await mall.close();
  await db.close();
}
