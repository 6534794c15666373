import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { type CircleCard, type ModelCard, type Page, type PostCard, type ProfileView, ZUserId } from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { formatCount } from '../../../shared/format';
import { useLazyApi } from '../../api/lazy-api';
import { useApp } from '../../app-context';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { PeopleIcon } from '../../ui/icons';
import type { Route } from './+types/personal-center';
import { Avatar } from './author';
import { CircleCardView, ModelCardView, PostCardView } from './cards';
import { absolute, excerptOf, found, missing } from './content-loader';
import { contentMeta } from './content-meta';
import { ContentNotFound } from './content-not-found';
import { FollowButton } from './islands';
import { OpenInAppBar } from './open-in-app';
import { LoadMore, usePaged } from './paged';
import { ReportButton } from './report';
import './content.css';
import './lists.css';

const TABS = ['models', 'posts', 'groups'] as const;
type Tab = (typeof TABS)[number];
const TAB_API = { models: CONTENT_API.models, posts: CONTENT_API.posts, groups: CONTENT_API.circles } as const;
type Item = ModelCard | PostCard | CircleCard;

/** A maker's profile (`/creality-cloud/personal-center/:userId`): who they are, and tabs of their models, posts and groups. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content', 'enums']);
  const parsed = ZUserId.safeParse(params);
  const { content } = context.services;
  const profile = parsed.success ? await content.profile(parsed.data.userId) : null;
  if (!profile) return missing(base, 'profile');
  const asked = base.url.searchParams.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'models';
  const q = { userId: Number(profile.id), page: 1, pageSize: 10 };
  const list: Page<Item> =
    tab === 'models'
      ? await content.models(q)
      : tab === 'posts'
        ? await content.posts({ ...q, contentFilter: 0, authorFilter: 0 })
        : await content.circles(q);
  const image = absolute(base, profile.avatarUrl || null);
  return found(
    base,
    profile,
    {
      title: profile.nickname,
      description: excerptOf(profile.introduction) || base.t('content', 'profile.description', { name: profile.nickname }),
      type: 'profile',
      ...(image ? { image } : {}),
    },
    { tab, list },
    {
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      mainEntity: { '@type': 'Person', name: profile.nickname, description: profile.introduction },
    },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

export default function PersonalCenter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const profile = loaderData.item;
  if (!profile || !('tab' in loaderData)) return <ContentNotFound icon={<PeopleIcon />} title={t('notFound.profile')} />;
  return (
    <article className="profile">
      <ProfileHeader key={profile.id} profile={profile} />
      <OpenInAppBar deepLink={`crealitycloud://user/${profile.id}`} />
      <nav className="tabs" aria-label={t('profile.tabs')}>
        {TABS.map((tab) => (
          <Link key={tab} to={`?tab=${tab}`} replace preventScrollReset aria-current={tab === loaderData.tab ? 'page' : undefined}>
            {t(`profile.tab.${tab}`)}{' '}
            <span className="muted">{formatCount(profile.counts[tab === 'groups' ? 'circles' : tab], loaderData.locale)}</span>
          </Link>
        ))}
      </nav>
      <TabList key={`${profile.id}:${loaderData.tab}`} userId={profile.id} tab={loaderData.tab} first={loaderData.list} />
    </article>
  );
}

function ProfileHeader({ profile }: { profile: ProfileView }) {
  const { t } = useTranslation('content');
  const gender = useTranslation('enums');
  const { locale } = useApp();
  const [fans, setFans] = useState(profile.fans);
  const facts = [
    profile.gender === 2 ? null : gender.t(`gender.${profile.gender as 0 | 1}`),
    profile.age ? t('profile.age', { count: profile.age }) : null,
  ].filter(Boolean);
  return (
    <section className="card profile-head">
      <div className="author-row">
        <div className="author-line">
          <Avatar user={profile} size="l" />
          <div>
            <h1>{profile.nickname}</h1>
            {facts.length ? <p className="muted small">{facts.join(' · ')}</p> : null}
          </div>
        </div>
        <FollowButton target={{ kind: 'user', id: profile.id }} userId={profile.id} onFans={setFans} />
      </div>
      {profile.introduction ? <p className="pre-line">{profile.introduction}</p> : <p className="muted">{t('profile.noIntroduction')}</p>}
      <p className="report-line">
        <ReportButton itemType="user" itemId={profile.id} />
      </p>
      <dl className="counts">
        {(
          [
            ['fans', fans],
            ['following', profile.following],
            ['likes', profile.likes],
          ] as const
        ).map(([key, n]) => (
          <div key={key}>
            <dt>{t(`profile.${key}`)}</dt>
            <dd>{formatCount(n, locale)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function TabList({ userId, tab, first }: { userId: string; tab: Tab; first: Page<Item> }) {
  const { t } = useTranslation('content');
  // Only "load more" calls the API: the client loads with the second page, not the first.
  const api = useLazyApi();
  const load = useCallback(async (page: number) => (await api()).call(TAB_API[tab], { userId, page }), [api, tab, userId]) as (
    page: number,
  ) => Promise<Page<Item>>;
  const list = usePaged(first, load);
  if (!list.items.length) return <p className="muted center">{t(`profile.empty.${tab}`)}</p>;
  return (
    <section>
      {tab === 'posts' ? (
        <ul className="post-list">
          {(list.items as PostCard[]).map((p) => (
            <PostCardView key={p.id} post={p} />
          ))}
        </ul>
      ) : (
        <ul className="tile-grid">
          {tab === 'models'
            ? (list.items as ModelCard[]).map((m) => <ModelCardView key={m.id} model={m} />)
            : (list.items as CircleCard[]).map((c) => <CircleCardView key={c.id} circle={c} />)}
        </ul>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} more={list.more} />
    </section>
  );
}
