/** openType set: the same window; unset: a new window (banners and ads, spec §2). */
export function linkTargetOf(isSameWindow: boolean): { target?: '_blank'; rel?: string } {
  return isSameWindow ? {} : { target: '_blank', rel: 'noopener noreferrer' };
}

/** Links the spec opens in a new window (announcements, news columns). */
export const newWindow = { target: '_blank', rel: 'noopener noreferrer' } as const;
