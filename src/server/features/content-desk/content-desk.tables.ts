/** A draft of a piece of content (migration 0046): `siteSettings`, `hotKeywords`, `friendlyLinks` or `ad:{adPosId}`. */
export interface ContentDraftsTable {
  key: string;
  /** The draft as JSON; null once published or discarded. */
  payload: string | null;
  /** Moves on at every save, publish and discard: a publish or save names the one it was made over. */
  revision: number;
  updatedAt: number;
}

export interface ContentDeskTables {
  contentDrafts: ContentDraftsTable;
}
