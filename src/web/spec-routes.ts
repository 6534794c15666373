import { MALL_SPEC_PATHS } from './features/mall/mall-paths';

/**
 * Every path and the capability that serves it. `foundation` paths are routed in
 * routes.ts today; the others are added by their capability (until then they show the 404 page).
 * routes.test.ts checks that each path marked served has a route.
 */
export type Owner =
  | 'foundation'
  | 'accounts'
  | 'content'
  | 'lottery'
  | 'campaigns'
  /** Venues, offline stall and scanning. */
  | 'venues'
  /** The makers-tools calculators. */
  | 'tools'
  /** Other screens: photo modelling, modeler programme, free models, registrations. */
  | 'programmes'
  /** The WeChat mall. */
  | 'mall'
  /** The operator console (`/admin/…`): the staff's own pages, not in the path table. */
  | 'console';

export const SPEC_ROUTES: Record<string, Owner> = {
  '/': 'foundation',
  '/creality-h5': 'foundation',
  '/creality-cloud/model-details/:modelId': 'content',
  '/creality-cloud/slices-details/:sliceId': 'content',
  '/creality-cloud/share-content/:blogId': 'content',
  '/creality-cloud/personal-center/:userId': 'content',
  '/creality-cloud/circle-details/:circleId': 'content',
  '/creality-cloud/tools/:id/:type': 'foundation',
  '/creality-cloud/empty-page': 'foundation',
  '/empty-page': 'foundation',
  '/download': 'foundation',
  '/creality-cloud/download': 'foundation',
  '/mobile-page': 'foundation',
  '/creality-cloud/mobile-page': 'foundation',
  '/privacy-policy': 'foundation',
  '/creality-cloud/privacy-policy': 'foundation',
  '/timelapses-share/:id': 'content',
  '/creality-cloud/timelapses-share/:id': 'content',
  '/pullblack': 'foundation',
  '/creality-cloud/pullblack': 'foundation',
  '/qrcode-page': 'foundation',
  '/creality-cloud/qrcode-page': 'foundation',
  '/wechat-pay/mall': 'mall',
  '/mall-dev': 'mall',
  '/wechat-pay/mall-dev': 'mall',
  '/mall2-dev': 'mall',
  '/wechat-pay/mall2-dev': 'mall',
  '/scan-code': 'venues',
  '/scan-code-guide': 'venues',
  '/univer-register': 'programmes',
  '/modeler': 'programmes',
  '/modeler2': 'programmes',
  '/modeler/voteDetail': 'programmes',
  '/modeler/sendRequirement': 'programmes',
  '/webview/rights': 'foundation',
  '/webview/rights-details': 'foundation',
  '/webview/sales-restrictions': 'foundation',
  '/webview/credits-rules': 'foundation',
  '/webview/post': 'foundation',
  '/webview/rule': 'foundation',
  '/webview/member-service': 'foundation',
  '/webview/cloud-storage': 'foundation',
  '/webview/withdraw': 'foundation',
  '/webview/individual-tax': 'foundation',
  '/webview/certification': 'foundation',
  '/webview/payment-agreement': 'foundation',
  '/webview/photo-modelling': 'programmes',
  '/webview/check-in': 'campaigns',
  '/webview/announced': 'foundation',
  '/cd16': 'venues',
  '/cd16/laboratory': 'venues',
  '/cd16/admin': 'venues',
  '/wechat-cd16/dev': 'venues',
  '/wechat-cd16/pro': 'venues',
  '/tct': 'venues',
  '/tct/laboratory': 'venues',
  '/tct/admin': 'venues',
  '/wechat-tct/dev': 'venues',
  '/wechat-tct/pro': 'venues',
  '/sz12': 'venues',
  '/sz12/laboratory': 'venues',
  '/sz12/admin': 'venues',
  '/wechat-sz12/dev': 'venues',
  '/wechat-sz12/pro': 'venues',
  '/hx08': 'venues',
  '/wechat-resin/dev': 'venues',
  '/wechat-resin/pro': 'venues',
  '/free-model/register': 'programmes',
  '/free-model/model': 'programmes',
  '/free-model/download': 'programmes',
  '/offline-stall': 'venues',
  '/app-download': 'foundation',
  '/activitys': 'lottery',
  '/activitys/admin': 'lottery',
  '/activitys/my-prize': 'lottery',
  '/activitys/invitation-record': 'lottery',
  '/activitys/address': 'lottery',
  '/activitys/confirmation-prize': 'lottery',
  '/activitys/new-address': 'lottery',
  '/activitys/wechat/dev': 'lottery',
  '/activitys/wechat/pro': 'lottery',
  '/happy-planet': 'campaigns',
  '/blind-box': 'campaigns',
  '/blind-box-new': 'campaigns',
  '/blind-box-invite': 'campaigns',
  '/invite-friends': 'campaigns',
  '/invite-friends2': 'campaigns',
  '/invite-record/:id': 'campaigns',
  '/invite-record2/:id': 'campaigns',
  '/invite-rules': 'campaigns',
  '/invite-rules2': 'campaigns',
  '/gift-pack': 'campaigns',
  '/gift-pack2': 'campaigns',
  '/invite-politely/record/:id': 'campaigns',
  // The path table: "two /invite-politely/rules/ routes each with a fixed id" (the ids are not shown):
  // 1 is the referrer's rules, 2 the invited friend's.
  '/invite-politely/rules/1': 'campaigns',
  '/invite-politely/rules/2': 'campaigns',
  '/invite-politely/gift': 'campaigns',
  '/invite-politely/:id': 'campaigns',
  '/dragon-activities': 'campaigns',
  '/dragon-rules': 'campaigns',
  '/dragon-invitee': 'campaigns',
  '/dragon-record/:id': 'campaigns',
  '/collection': 'campaigns',
  '/vip-package': 'campaigns',
  '/mobile/contact-us': 'foundation',
  '/mobile/agreement': 'foundation',
  '/mobile/protocol': 'foundation',
  '/mobile/cancellation': 'foundation',
  '/mobile/copyright': 'foundation',
  // Not in the path table, but named among the screens: the creative-commons licence
  // explainer, the topic page and the time-lapse list (both readings, like the timelapse itself).
  '/creality-cloud/licences': 'content',
  '/creality-cloud/topic/:topicId': 'content',
  '/timelapses-share': 'content',
  '/creality-cloud/timelapses-share': 'content',
  '/privacy': 'foundation',
  '/oauth': 'accounts',
  // Not a path: the accounts capability's own settings page.
  '/account': 'accounts',
  // Not in the path table: the operator console and its sections (the analytics dashboard among them).
  '/admin': 'console',
  '/admin/analytics': 'console',
  '/admin/campaigns': 'console',
  '/admin/campaigns/new': 'console',
  '/admin/campaigns/:id': 'console',
  '/admin/campaigns/:id/preview': 'console',
  '/admin/claims': 'console',
  '/admin/gift-codes': 'console',
  '/admin/moderation': 'console',
  '/admin/people': 'console',
  '/admin/people/:id': 'console',
  '/admin/mall': 'console',
  '/admin/mall/products/new': 'console',
  '/admin/mall/products/:id': 'console',
  '/admin/mall/orders': 'console',
  '/admin/mall/orders/:orderNo': 'console',
  '/admin/content': 'console',
  '/admin/venues': 'console',
  '/admin/venues/:slug': 'console',
  '/admin/audit': 'console',
  // The tools redirect target, `{MAKERS_TOOLS_URL}/makers-tools/{id}`, served here too.
  '/makers-tools/:id': 'tools',
  // Not paths: the mall's own pages (product, cart, checkout, orders, order) under each
  // of its bases.
  ...Object.fromEntries(MALL_SPEC_PATHS.map((p) => [p, 'mall' as const])),
};
