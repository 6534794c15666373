/**
 * Development and test providers: stand-ins for WeChat, WeChat Pay and the SMS/e-mail outbox.
 * The server loads this module only by dynamic import, when configuration chose a development
 * provider (start-up refuses those in production), so the production server bundle holds none of
 * it; scripts/build-server.mjs builds it as its own file and refuses a static import of it.
 */
export { createDevOutbox } from './outbox/dev-outbox';
export { startDevWechatPay } from './wechat-pay/dev';
