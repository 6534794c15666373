import { domainPlugin } from '../domain-plugin';
import { registerJsapiRoutes } from './jsapi-routes';

/**
 * WeChat's own API: the JS-SDK signature route. Its sign-in (login/) and WeChat Pay (pay/) are
 * clients the accounts and mall domains build on.
 */
export const wechatPlugin = domainPlugin({ name: 'wechat' }, (app) => {
  registerJsapiRoutes(app, app.config);
});
