import { index, type RouteConfig, route } from '@react-router/dev/routes';
import { DOC_PATHS } from '../shared/docs';
import { MALL_BASES, MALL_PAGES } from './features/mall/mall-paths';
import { SPEC_VENUES, WECHAT_ENVS } from './features/venues/venue-paths';

/**
 * The route table. Where a spec line lists paths after a prefixed one
 * (`/creality-cloud/empty-page, /download, …`), both readings are served: `/download` and
 * `/creality-cloud/download` show the same page, so every old link works.
 *
 * Paths owned by later capabilities (content pages, campaigns, accounts, venues, tools pages)
 * are added by those; until then they answer with the 404 page. `spec-routes.ts` lists every
 * spec path with its owner and a test checks each is either routed here or pending there.
 */
const both = (p: string, file: string, id: string) => [
  route(p, file, { id }),
  route(`creality-cloud/${p}`, file, { id: `${id}-prefixed` }),
];

export default [
  index('features/site/landing.tsx', { id: 'landing' }),
  route('creality-h5', 'features/site/landing.tsx', { id: 'landing-h5' }),

  ...both('download', 'features/site/download.tsx', 'download'),
  route('app-download', 'features/site/download.tsx', { id: 'app-download' }),
  ...both('mobile-page', 'features/site/mobile-page.tsx', 'mobile-page'),
  ...both('empty-page', 'features/site/empty-page.tsx', 'empty-page'),
  ...both('qrcode-page', 'features/site/qrcode-page.tsx', 'qrcode-page'),
  ...both('pullblack', 'features/site/pullblack.tsx', 'pullblack'),

  // Same-window redirect to the makers-tools site, for any path under tools.
  route('creality-cloud/tools/*', 'features/site/tools-redirect.tsx', { id: 'tools' }),

  // Legal and help documents: one page module, one route per spec path.
  ...Object.keys(DOC_PATHS)
    .filter((p) => p !== '/creality-cloud/privacy-policy')
    .flatMap((p) =>
      p === '/privacy-policy'
        ? both(p.slice(1), 'features/legal/doc-page.tsx', 'doc-privacy-policy')
        : [route(p.slice(1), 'features/legal/doc-page.tsx', { id: `doc${p.replaceAll('/', '-')}` })],
    ),

  // Accounts: the signed-in user's settings (the login sheet opens from any page).
  route('account', 'features/accounts/settings.tsx', { id: 'account' }),

  route('oauth', 'features/oauth/consent.tsx', { id: 'oauth' }),
  route('creality-cloud/model-details/:modelId', 'features/content/model-details.tsx', { id: 'model-details' }),
  route('creality-cloud/slices-details/:sliceId', 'features/content/slice-details.tsx', { id: 'slice-details' }),
  route('creality-cloud/share-content/:blogId', 'features/content/post-details.tsx', { id: 'post-details' }),
  route('creality-cloud/personal-center/:userId', 'features/content/personal-center.tsx', { id: 'personal-center' }),
  route('creality-cloud/circle-details/:circleId', 'features/content/circle-details.tsx', { id: 'circle-details' }),
  route('creality-cloud/topic/:topicId', 'features/content/topic.tsx', { id: 'topic' }),
  ...both('timelapses-share/:id', 'features/content/timelapse.tsx', 'timelapse'),
  ...both('timelapses-share', 'features/content/timelapses.tsx', 'timelapses'),

  // The lucky-draw raffle: the campaign, its personal pages and the staff page.
  route('activitys', 'features/lottery/activitys.tsx', { id: 'activitys' }),
  route('activitys/my-prize', 'features/lottery/my-prize.tsx', { id: 'my-prize' }),
  route('activitys/invitation-record', 'features/lottery/invitation-record.tsx', { id: 'invitation-record' }),
  route('activitys/address', 'features/lottery/address.tsx', { id: 'address' }),
  route('activitys/new-address', 'features/lottery/new-address.tsx', { id: 'new-address' }),
  route('activitys/confirmation-prize', 'features/lottery/confirmation-prize.tsx', { id: 'confirmation-prize' }),
  route('activitys/admin', 'features/lottery/admin.tsx', { id: 'activitys-admin' }),
  route('activitys/wechat/dev', 'features/lottery/wechat-landing.tsx', { id: 'activitys-wechat-dev' }),
  route('activitys/wechat/pro', 'features/lottery/wechat-landing.tsx', { id: 'activitys-wechat-pro' }),

  // The other campaign families.
  route('webview/check-in', 'features/checkin/check-in.tsx', { id: 'check-in' }),
  route('blind-box', 'features/lottery/blind-box.tsx', { id: 'blind-box' }),
  route('blind-box-new', 'features/lottery/blind-box.tsx', { id: 'blind-box-new' }),
  route('happy-planet', 'features/lottery/blind-box.tsx', { id: 'happy-planet' }),
  route('blind-box-invite', 'features/lottery/blind-box-invite.tsx', { id: 'blind-box-invite' }),
  route('invite-friends', 'features/invite/invite-friends.tsx', { id: 'invite-friends' }),
  route('invite-friends2', 'features/invite/invite-friends.tsx', { id: 'invite-friends2' }),
  route('invite-rules', 'features/invite/invite-friends.tsx', { id: 'invite-rules' }),
  route('invite-rules2', 'features/invite/invite-friends.tsx', { id: 'invite-rules2' }),
  route('invite-record/:id', 'features/invite/invite-record.tsx', { id: 'invite-record' }),
  route('invite-record2/:id', 'features/invite/invite-record.tsx', { id: 'invite-record2' }),
  route('invite-politely/record/:id', 'features/invite/invite-record.tsx', { id: 'invite-politely-record' }),
  route('invite-politely/rules/1', 'features/invite/invite-friends.tsx', { id: 'invite-politely-rules' }),
  route('invite-politely/rules/2', 'features/invite/invitee.tsx', { id: 'invite-politely-friend-rules' }),
  route('invite-politely/gift', 'features/invite/invitee.tsx', { id: 'invite-politely-gift' }),
  route('invite-politely/:id', 'features/invite/invite-friends.tsx', { id: 'invite-politely' }),
  route('dragon-activities', 'features/invite/invite-friends.tsx', { id: 'dragon-activities' }),
  route('dragon-rules', 'features/invite/invite-friends.tsx', { id: 'dragon-rules' }),
  route('dragon-invitee', 'features/invite/invitee.tsx', { id: 'dragon-invitee' }),
  route('dragon-record/:id', 'features/invite/invite-record.tsx', { id: 'dragon-record' }),
  route('gift-pack', 'features/giftpack/gift-pack.tsx', { id: 'gift-pack' }),
  route('gift-pack2', 'features/giftpack/gift-pack.tsx', { id: 'gift-pack2' }),
  route('vip-package', 'features/giftpack/gift-pack.tsx', { id: 'vip-package' }),
  route('collection', 'features/collection/collection.tsx', { id: 'collection' }),

  // Programmes.
  route('univer-register', 'features/univer/univer-register.tsx', { id: 'univer-register' }),
  route('free-model/register', 'features/free-model/register.tsx', { id: 'free-model-register' }),
  route('free-model/model', 'features/free-model/model.tsx', { id: 'free-model-model' }),
  route('free-model/download', 'features/free-model/download.tsx', { id: 'free-model-download' }),
  route('webview/photo-modelling', 'features/photo-scan/photo-modelling.tsx', { id: 'photo-modelling' }),
  route('modeler', 'features/modeler/modeler.tsx', { id: 'modeler' }),
  route('modeler2', 'features/modeler/modeler.tsx', { id: 'modeler2' }),
  route('modeler/voteDetail', 'features/modeler/vote-detail.tsx', { id: 'modeler-vote-detail' }),
  route('modeler/sendRequirement', 'features/modeler/send-requirement.tsx', { id: 'modeler-send-requirement' }),

  // The operator console: one frame (its navigation by the user's scopes) around its sections.
  route('admin', 'features/console/layout.tsx', { id: 'console' }, [
    index('features/console/dashboard.tsx', { id: 'console-dashboard' }),
    route('campaigns', 'features/console/campaigns.tsx', { id: 'console-campaigns' }),
    route('campaigns/new', 'features/console/campaign-form.tsx', { id: 'console-campaign-new' }),
    route('campaigns/:id', 'features/console/campaign-form.tsx', { id: 'console-campaign' }),
    route('campaigns/:id/preview', 'features/console/preview.tsx', { id: 'console-campaign-preview' }),
    route('analytics', 'features/analytics/dashboard.tsx', { id: 'admin-analytics' }),
    route('claims', 'features/console/claims.tsx', { id: 'console-claims' }),
    route('gift-codes', 'features/console/gift-codes.tsx', { id: 'console-gift-codes' }),
    route('moderation', 'features/console/moderation.tsx', { id: 'console-moderation' }),
    route('people', 'features/console/people.tsx', { id: 'console-people' }),
    route('people/:id', 'features/console/person.tsx', { id: 'console-person' }),
    // The Mall and Content sections.
    route('mall', 'features/console/mall-products.tsx', { id: 'console-mall' }),
    route('mall/products/new', 'features/console/mall-product.tsx', { id: 'console-product-new' }),
    route('mall/products/:id', 'features/console/mall-product.tsx', { id: 'console-product' }),
    route('mall/orders', 'features/console/mall-orders.tsx', { id: 'console-mall-orders' }),
    route('mall/orders/:orderNo', 'features/console/mall-order.tsx', { id: 'console-mall-order' }),
    route('content', 'features/console/content-import.tsx', { id: 'console-content' }),
    route('audit', 'features/console/audit.tsx', { id: 'console-audit' }),
    route('venues', 'features/console/venues.tsx', { id: 'console-venues' }),
    route('venues/:slug', 'features/console/venue-texts.tsx', { id: 'console-venue' }),
  ]),

  // Venues: one page module per kind of page, configured per slug on the server.
  ...SPEC_VENUES.flatMap((v) => [
    route(v.slug, 'features/venues/venue.tsx', { id: `venue-${v.slug}` }),
    ...(v.laboratory ? [route(`${v.slug}/laboratory`, 'features/venues/laboratory.tsx', { id: `venue-${v.slug}-laboratory` })] : []),
    ...(v.admin ? [route(`${v.slug}/admin`, 'features/venues/venue-admin.tsx', { id: `venue-${v.slug}-admin` })] : []),
    ...WECHAT_ENVS.map((env) =>
      route(`wechat-${v.wechat}/${env}`, 'features/venues/wechat-venue.tsx', { id: `venue-${v.slug}-wechat-${env}` }),
    ),
  ]),
  route('offline-stall', 'features/venues/offline-stall.tsx', { id: 'offline-stall' }),
  route('scan-code', 'features/venues/scan-code.tsx', { id: 'scan-code' }),
  route('scan-code-guide', 'features/venues/scan-code-guide.tsx', { id: 'scan-code-guide' }),

  // The WeChat mall: the same pages under each base (`mall-list`, `mall2-dev-order`, …).
  ...MALL_BASES.flatMap((b) =>
    MALL_PAGES.map((p) => route(p.path ? `${b.path.slice(1)}/${p.path}` : b.path.slice(1), p.file, { id: `${b.id}-${p.id}` })),
  ),

  // The makers-tools calculators, where the tools redirect lands when MAKERS_TOOLS_URL is this site.
  route('makers-tools/:id', 'features/tools/makers-tools.tsx', { id: 'makers-tools' }),

  route('*', 'features/site/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
