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
  /** 0: a draft, shown only in the console's preview. */
  isPublished: Generated<number>;
  /** Sanitised HTML written in the console; '' for entries whose text is their only body. */
  bodyHtml: Generated<string>;
}

export interface NewsTables {
  news: NewsTable;
}
