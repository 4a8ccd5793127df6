/**
 * The member's favorite parts. A favorite of a part that does not exist is refused with the
 * catalogue's one answer for it, productErrors.notFound (catalog.ts): favorites have no
 * failure of their own.
 */
export const favoriteMessages = {
  added: '已加入收藏',
  removed: '已取消收藏',
} as const;

export interface FavoriteResponse {
  isFavorite: boolean;
}
