import { useState, type SubmitEvent } from 'react';
import {
  adDraftKey,
  adPositionLabels,
  contentDeskMessages,
  contentDeskPaths,
  type AdminAd,
  type ContentAdsPageData,
  type Drafted,
} from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { adPositions, type AdPosition } from '../../../contract/content.ts';
import { ContentDeskLayout } from '../../features/content-desk/content-desk-layout.tsx';
import { pictureUrl, useDeskNotice } from '../../features/content-desk/desk-notice.ts';
import { DraftActions } from '../../features/content-desk/draft-actions.tsx';
import { ImageField } from '../../features/content-desk/image-field.tsx';
import { discardDrafted, publishDrafted } from '../../features/content-desk/use-drafted.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import type { PageProps } from '../../pages/page-props.ts';

interface AdDraft {
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

/**
 * /admin/content/ads: 广告 — the top banner, the sidebar ad and the home pop-up: shown or not (isOpen), where the
 * link opens (openType). A save is a draft the shop does not show: 预览 the home page with it, then 发布 or 放弃草稿.
 */
export function AdminContentAdsPage({ data }: PageProps<ContentAdsPageData>) {
  const [ads, setAds] = useState(data.ads);
  const [draft, setDraft] = useState<AdDraft>(emptyAd);
  const { notice, isBusy, run } = useDeskNotice();
  const change = (patch: Partial<AdDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const replace = (next: Drafted<AdminAd>) => setAds((current) => [...current.filter((ad) => ad.live.adPosId !== next.live.adPosId), next]);

  function edit(ad: Drafted<AdminAd>) {
    const shown = ad.draft ?? ad.live;
    setDraft({ ...shown, sort: String(shown.sort), revision: ad.revision });
  }

  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
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
      replace(saved);
      setDraft(emptyAd);
      return contentDeskMessages.adSaved;
    });
  }

  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.ads}>
      <section className="admin-card">
        <h1>广告</h1>
        <p>每个位置显示排序最前、已开启的一条；访客关闭后当天不再显示。</p>
        <p className="admin-notice" role="status" data-testid="content-notice">
          {notice}
        </p>
        <div className="admin-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th>位置</th>
                <th>图片</th>
                <th>链接</th>
                <th>打开方式</th>
                <th>排序</th>
                <th>状态</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {ads.map((drafted) => {
                // The row shows the draft when there is one: that is what 预览 and 发布 are about.
                const ad = drafted.draft ?? drafted.live;
                return (
                  <tr key={ad.adPosId} data-testid="ad-row">
                    <td>{adPositionLabels[ad.position]}</td>
                    <td>
                      <img
                        className="content-thumb"
                        src={pictureUrl(data.imageBase, ad.picFilePath)}
                        alt=""
                        width={160}
                        height={60}
                        loading="lazy"
                        decoding="async"
                      />
                    </td>
                    <td>{ad.clickUrl}</td>
                    <td>{ad.openType ? '当前窗口' : '新窗口'}</td>
                    <td>{ad.sort}</td>
                    <td>
                      <span className={ad.isOpen ? 'content-badge content-badge--live' : 'content-badge content-badge--draft'}>
                        {ad.isOpen ? '开启' : '关闭'}
                      </span>{' '}
                      <DraftActions
                        label={`广告 #${ad.adPosId}`}
                        hasDraft={drafted.draft !== null}
                        isBusy={isBusy}
                        run={run}
                        publish={async () => replace(await publishDrafted(adDraftKey(ad.adPosId), drafted))}
                        discard={async () => replace(await discardDrafted(adDraftKey(ad.adPosId), drafted))}
                      />
                    </td>
                    <td>
                      <StaffCan action="update" subject="Content">
                        <button type="button" className="content-link-button" onClick={() => edit(drafted)}>
                          编辑
                        </button>
                      </StaffCan>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <StaffCan action="update" subject="Content">
          <form className="content-form" onSubmit={save}>
            <h2>{draft.adPosId === undefined ? '新增广告' : `编辑广告 #${draft.adPosId}`}</h2>
            <label className="admin-field">
              位置
              <select
                name="position"
                value={draft.position}
                onChange={(event) => change({ position: adPositions.find((each) => each === event.currentTarget.value) ?? 'top' })}
              >
                {adPositions.map((position) => (
                  <option key={position} value={position}>
                    {adPositionLabels[position]}
                  </option>
                ))}
              </select>
            </label>
            <label className="admin-field">
              链接地址
              <input name="clickUrl" value={draft.clickUrl} onChange={(event) => change({ clickUrl: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              背景色（顶部横幅）
              <input name="backgroundColor" value={draft.backgroundColor} onChange={(event) => change({ backgroundColor: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              排序
              <input name="sort" type="number" value={draft.sort} onChange={(event) => change({ sort: event.currentTarget.value })} />
            </label>
            <div className="content-form__wide">
              <ImageField
                label="广告图片"
                name="adPicture"
                value={draft.picFilePath}
                imageBase={data.imageBase}
                onChange={(picFilePath) => change({ picFilePath })}
              />
            </div>
            <label className="content-form__check">
              <input type="checkbox" name="isOpen" checked={draft.isOpen} onChange={(event) => change({ isOpen: event.currentTarget.checked })} />
              开启（isOpen）
            </label>
            <label className="content-form__check">
              <input type="checkbox" name="openType" checked={draft.openType} onChange={(event) => change({ openType: event.currentTarget.checked })} />
              在当前窗口打开（openType）
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存草稿
              </button>
            </div>
          </form>
        </StaffCan>
      </section>
    </ContentDeskLayout>
  );
}
