/** Announcements (/news, /news/{newsId}) and the two news columns of the home page. */

/** announcement: the bulletin board; information and article: the two home news columns. */
export const newsKinds = ['announcement', 'information', 'article'] as const;
export type NewsKind = (typeof newsKinds)[number];

export const newsKindLabels: Record<NewsKind, string> = {
  announcement: '网站公告',
  information: '行业资讯',
  article: '技术文章',
};

export function isNewsKind(value: string | undefined): value is NewsKind {
  return value !== undefined && (newsKinds as readonly string[]).includes(value);
}

export interface NewsListEntry {
  newsId: number;
  title: string;
  /** A short plain-text excerpt of the content. */
  summary: string;
  /** yyyy-MM-dd, Beijing time. */
  releaseDate: string;
}

export interface NewsListData {
  kind: NewsKind;
  list: NewsListEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export interface NewsNeighbour {
  newsId: number;
  title: string;
}

export interface NewsDetailData {
  newsId: number;
  kind: NewsKind;
  title: string;
  /** Plain text; each line is a paragraph. */
  paragraphs: string[];
  /** Sanitised HTML written in the console, shown instead of the paragraphs; '' when there is none. */
  bodyHtml: string;
  releaseDate: string;
  previous: NewsNeighbour | null;
  next: NewsNeighbour | null;
  /** The latest announcements, for the side column. */
  latest: NewsNeighbour[];
}

export const newsPageSize = 10;

export function newsPath(newsId: number): string {
  return `/news/${newsId}`;
}

export function newsListPath(kind: NewsKind, page = 1): string {
  const query = new URLSearchParams();
  if (kind !== 'announcement') query.set('kind', kind);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/news?${text}` : '/news';
}
