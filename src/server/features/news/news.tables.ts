import type { Generated } from 'kysely';
import type { NewsKind } from '../../../contract/news.ts';

export interface NewsTable {
  newsId: Generated<number>;
  kind: NewsKind;
  title: string;
  /** Plain text, one paragraph a line. */
  content: Generated<string>;
  /** Where a news-column entry leads; null: its own page /news/{newsId}. */
  linkUrl: string | null;
  releaseDate: number;
}

export interface NewsTables {
  news: NewsTable;
}
