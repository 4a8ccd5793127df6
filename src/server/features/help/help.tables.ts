import type { Generated, Insertable, Selectable } from 'kysely';

/** A help article, /serve/<slug>: sanitised HTML and its plain text (for search). */
export interface HelpPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** The page's meta description; '' to derive one from the text. */
  description: Generated<string>;
  /** The side menu's group (购物指南, 配送服务, 售后服务). */
  groupName: string;
  sort: Generated<number>;
  bodyHtml: string;
  bodyText: string;
  helpfulCount: Generated<number>;
  unhelpfulCount: Generated<number>;
  updatedAt: number;
}

/** One vote per page and voter (content.service visitorKeyOf, hashed). */
export interface HelpVotesTable {
  pageId: number;
  voterKey: string;
  isHelpful: number;
  createdAt: number;
}

export interface HelpTables {
  helpPages: HelpPagesTable;
  helpVotes: HelpVotesTable;
}

export type HelpPageRow = Selectable<HelpPagesTable>;
export type NewHelpPage = Insertable<HelpPagesTable>;
