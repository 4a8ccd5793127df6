import type { SubmitEvent } from 'react';
import { adDraftKey, contentDeskMessages, type AdminAd, type Drafted } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import type { AdPosition } from '../../../contract/content.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { useContentListEditor, useContentRows } from './use-content-list-editor.ts';
import { discardDrafted, publishDrafted } from './use-drafted.ts';

export interface AdDraft {
  adPosId?: number;
  position: AdPosition;
  isOpen: boolean;
  openType: boolean;
  picFilePath: string;
  clickUrl: string;
  backgroundColor: string;
  sort: string;
  /** The draft revision the edit was loaded at (0 for a new ad). */
  revision: number;
}

const emptyAd: AdDraft = { position: 'top', isOpen: false, openType: true, picFilePath: '', clickUrl: '', backgroundColor: '', sort: '0', revision: 0 };

/** 广告: the ads with their drafts, the one in the form, its save (a draft) and each row's 发布 / 放弃草稿. */
export function useAdEditor(initial: readonly Drafted<AdminAd>[]) {
  const editor = useContentListEditor(emptyAd);
  const ads = useContentRows(initial, (ad) => ad.live.adPosId);

  function edit(ad: Drafted<AdminAd>) {
    const shown = ad.draft ?? ad.live;
    editor.setDraft({ ...shown, sort: String(shown.sort), revision: ad.revision });
  }

  function save(event: SubmitEvent<HTMLFormElement>) {
    editor.submit(event, async (draft) => {
      const saved = await callStaffApi(contentDeskCalls.saveAd, {
        ...(draft.adPosId === undefined ? {} : { adPosId: draft.adPosId }),
        position: draft.position,
        isOpen: draft.isOpen,
        openType: draft.openType,
        picFilePath: draft.picFilePath,
        clickUrl: draft.clickUrl,
        backgroundColor: draft.backgroundColor,
        sort: Number(draft.sort) || 0,
        revision: draft.revision,
      });
      ads.replace(saved);
      editor.reset();
      return contentDeskMessages.adSaved;
    });
  }

  const publish = async (ad: Drafted<AdminAd>) => ads.replace(await publishDrafted(adDraftKey((ad.draft ?? ad.live).adPosId), ad));
  const discard = async (ad: Drafted<AdminAd>) => ads.replace(await discardDrafted(adDraftKey((ad.draft ?? ad.live).adPosId), ad));

  return { ...editor, ads: ads.rows, edit, save, publish, discard };
}
