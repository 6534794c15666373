import { domainPlugin } from '../domain-plugin';
import { registerGiftpackRoutes } from './routes';

/** Gift codes and the newcomer pack. */
export const giftpackPlugin = domainPlugin({ name: 'giftpack', dependencies: ['accounts', 'campaigns'] }, (app) => {
  registerGiftpackRoutes(app);
});
