import type { UserCard } from '../../shared/api/content';

/** The columns a user card needs, from a query that joined `users`. */
export const USER_CARD = ['users.id as user_id', 'users.nickname', 'users.avatar_url'] as const;

export const userCard = (r: { user_id: number; nickname: string; avatar_url: string }): UserCard => ({
  id: String(r.user_id),
  nickname: r.nickname,
  avatarUrl: r.avatar_url,
});
