import { useState } from 'react';
import type { ContentDraftKey, Drafted } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { callStaffApi } from '../staff/staff-api.ts';

/** 发布: the draft becomes what the shop shows. The revision named is the one the editor saw. */
export async function publishDrafted<T>(key: ContentDraftKey, drafted: Drafted<T>): Promise<Drafted<T>> {
  const state = await callStaffApi(contentDeskCalls.publishDraft, { key, revision: drafted.revision });
  return { live: drafted.draft ?? drafted.live, draft: null, revision: state.revision };
}

/** 放弃草稿: the shop keeps what it shows. */
export async function discardDrafted<T>(key: ContentDraftKey, drafted: Drafted<T>): Promise<Drafted<T>> {
  const state = await callStaffApi(contentDeskCalls.discardDraft, { key, revision: drafted.revision });
  return { live: drafted.live, draft: null, revision: state.revision };
}

/**
 * A piece of content edited as a draft: what the shop shows, the draft, and the revision every save,
 * publish and discard names (the server refuses one made over a revision that has moved on).
 */
export function useDrafted<T>(key: ContentDraftKey, initial: Drafted<T>) {
  const [drafted, setDrafted] = useState(initial);
  return {
    drafted,
    /** What the editor edits: the draft when there is one. */
    current: drafted.draft ?? drafted.live,
    saved: setDrafted,
    publish: async (): Promise<void> => {
      setDrafted(await publishDrafted(key, drafted));
    },
    /** Answers what the shop shows, for the form to show again. */
    discard: async (): Promise<T> => {
      const after = await discardDrafted(key, drafted);
      setDrafted(after);
      return after.live;
    },
  };
}
