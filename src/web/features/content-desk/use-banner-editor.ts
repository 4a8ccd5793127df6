import type { SubmitEvent } from 'react';
import type { AdminBanner } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { formatBeijingInput, parseBeijingInput } from '../../../contract/time.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { useContentListEditor, useContentRows } from './use-content-list-editor.ts';

export interface BannerDraft {
  id?: number;
  picFilePath: string;
  backgroundColor: string;
  clickUrl: string;
  openType: boolean;
  sort: string;
  startsAt: string;
  endsAt: string;
}

const emptyBanner: BannerDraft = { picFilePath: '', backgroundColor: '', clickUrl: '', openType: true, sort: '0', startsAt: '', endsAt: '' };

function draftOf(banner: AdminBanner): BannerDraft {
  return {
    id: banner.id,
    picFilePath: banner.picFilePath,
    backgroundColor: banner.backgroundColor,
    clickUrl: banner.clickUrl,
    openType: banner.openType,
    sort: String(banner.sort),
    startsAt: banner.startsAt === null ? '' : formatBeijingInput(banner.startsAt),
    endsAt: banner.endsAt === null ? '' : formatBeijingInput(banner.endsAt),
  };
}

/** 轮播图: the slides in their order, the one in the form, its save (a draft until published), 发布 / 撤回 and 删除. */
export function useBannerEditor(initial: readonly AdminBanner[]) {
  const editor = useContentListEditor(emptyBanner);
  const banners = useContentRows(
    initial,
    (banner) => banner.id,
    (a, b) => a.sort - b.sort || a.id - b.id,
  );

  function save(event: SubmitEvent<HTMLFormElement>) {
    editor.submit(event, async (draft) => {
      const saved = await callStaffApi(contentDeskCalls.saveBanner, {
        ...(draft.id === undefined ? {} : { id: draft.id }),
        picFilePath: draft.picFilePath,
        backgroundColor: draft.backgroundColor,
        clickUrl: draft.clickUrl,
        openType: draft.openType,
        sort: Number(draft.sort) || 0,
        startsAt: parseBeijingInput(draft.startsAt),
        endsAt: parseBeijingInput(draft.endsAt),
      });
      banners.replace(saved);
      editor.reset();
      return saved.isPublished ? '轮播图已保存' : '轮播图已保存为草稿：可先预览首页，再发布';
    });
  }

  function publish(banner: AdminBanner, isPublished: boolean) {
    void editor.run(async () => {
      banners.replace(await callStaffApi(contentDeskCalls.setBannerPublished, { id: banner.id, isPublished }));
      return isPublished ? '轮播图已发布' : '轮播图已撤回为草稿';
    });
  }

  function remove(banner: AdminBanner) {
    if (!window.confirm('确定删除这张轮播图吗？')) return;
    void editor.run(async () => {
      await callStaffApi(contentDeskCalls.deleteBanner, { id: banner.id });
      banners.remove(banner);
      return '轮播图已删除';
    });
  }

  return { ...editor, banners: banners.rows, edit: (banner: AdminBanner) => editor.setDraft(draftOf(banner)), save, publish, remove };
}
