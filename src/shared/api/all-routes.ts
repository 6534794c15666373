import { SYSTEM_API } from './routes';
import { ACCOUNTS_API, OAUTH_API } from './routes-accounts';
import { ACTIVITY_API, CHECKIN_API, COLLECTION_API, GIFTPACK_API, INVITE_API } from './routes-campaigns';
import { CONTENT_API } from './routes-content';
import { ADDRESS_API, LOTTERY_API } from './routes-lottery';
import { MALL_API } from './routes-mall';
import { FREE_MODEL_API, MODELER_API, PHOTO_SCAN_API, UNIVER_API } from './routes-programmes';

/** All of them, for the server's contracts and the OpenAPI document (never the browser). */
export const API = {
  system: SYSTEM_API,
  oauth: OAUTH_API,
  accounts: ACCOUNTS_API,
  content: CONTENT_API,
  lottery: LOTTERY_API,
  address: ADDRESS_API,
  checkin: CHECKIN_API,
  activity: ACTIVITY_API,
  giftpack: GIFTPACK_API,
  invite: INVITE_API,
  collection: COLLECTION_API,
  univer: UNIVER_API,
  freeModel: FREE_MODEL_API,
  photoScan: PHOTO_SCAN_API,
  modeler: MODELER_API,
  mall: MALL_API,
} as const;
