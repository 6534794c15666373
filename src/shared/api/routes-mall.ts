/** The WeChat mall's routes (`/wechat-pay/mall`): a module of its own, like the campaigns', so only its pages load them. */

const MALL = '/api/cxy/v2/mall';
const MALL_ADMIN = '/api/cxy/admin/v2/mall';

export const MALL_API = {
  products: { method: 'GET', path: `${MALL}/products` },
  product: { method: 'GET', path: `${MALL}/product` },
  cart: { method: 'GET', path: `${MALL}/cart` },
  /** Sets one product's quantity in the cart (0 removes it). */
  setCart: { method: 'POST', path: `${MALL}/cart/set` },
  /** An order from the cart's lines (or one product, "buy now") to one of the caller's addresses. */
  createOrder: { method: 'POST', path: `${MALL}/order/create` },
  orders: { method: 'GET', path: `${MALL}/orders` },
  order: { method: 'GET', path: `${MALL}/order` },
  /** The JSAPI parameters for `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`. */
  pay: { method: 'POST', path: `${MALL}/order/pay` },
  /** Asks WeChat Pay how the payment stands (the page's return from the pay sheet). */
  sync: { method: 'POST', path: `${MALL}/order/sync` },
  cancel: { method: 'POST', path: `${MALL}/order/cancel` },
  /** The buyer confirms receipt: shipped → done. */
  confirm: { method: 'POST', path: `${MALL}/order/confirm` },
  /** WeChat's silent authorisation (snsapi_base) that tells us the payer's openid for the pay app. */
  payerAuthorize: { method: 'POST', path: `${MALL}/payer/authorize` },
  payerBind: { method: 'POST', path: `${MALL}/payer/bind` },
  adminSaveProduct: { method: 'POST', path: `${MALL_ADMIN}/product/save` },
  adminRestock: { method: 'POST', path: `${MALL_ADMIN}/product/restock` },
  adminProducts: { method: 'GET', path: `${MALL_ADMIN}/products` },
  adminOrders: { method: 'GET', path: `${MALL_ADMIN}/orders` },
  /** One order by its number, with the buyer, address and history (the console's order page). */
  adminOrder: { method: 'GET', path: `${MALL_ADMIN}/order` },
  /** A product image (the raw file as the body). */
  adminImage: { method: 'POST', path: `${MALL_ADMIN}/image` },
  adminShip: { method: 'POST', path: `${MALL_ADMIN}/order/ship` },
  adminRefund: { method: 'POST', path: `${MALL_ADMIN}/order/refund` },
} as const;

/**
 * WeChat Pay's notifications (payment and refund results): WeChat's own JSON and signed headers,
 * answered in WeChat's format, so not envelope calls (outside the API aggregate).
 */
export const MALL_PAY_NOTIFY_PATH = `${MALL}/pay/notify`;
export const MALL_REFUND_NOTIFY_PATH = `${MALL}/pay/refund-notify`;
