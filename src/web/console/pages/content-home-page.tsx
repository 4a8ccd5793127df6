import { useState, type SubmitEvent } from 'react';
import { contentDeskPaths, type AdminBanner, type ContentHomePageData } from '../../../contract/console/content.ts';
import { contentDeskCalls } from '../../../contract/console/content-calls.ts';
import { ContentDeskLayout } from '../../features/content-desk/content-desk-layout.tsx';
import { beijingInputOf, beijingTimeText, epochOfBeijingInput, pictureUrl, useDeskNotice } from '../../features/content-desk/desk-notice.ts';
import { ImageField } from '../../features/content-desk/image-field.tsx';
import { callStaffApi } from '../../features/staff/staff-api.ts';
import { StaffCan } from '../../features/staff/staff-can.tsx';
import type { PageProps } from '../../pages/page-props.ts';

interface BannerDraft {
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
    startsAt: beijingInputOf(banner.startsAt),
    endsAt: beijingInputOf(banner.endsAt),
  };
}

function windowText(banner: AdminBanner): string {
  if (banner.startsAt === null && banner.endsAt === null) return '长期';
  return `${beijingTimeText(banner.startsAt) || '即日'} 至 ${beijingTimeText(banner.endsAt) || '长期'}`;
}

/** /admin/content: 轮播图与公告 — the home carousel's slides (draft → preview → publish) and a quick bulletin entry. */
export function AdminContentHomePage({ data }: PageProps<ContentHomePageData>) {
  const [banners, setBanners] = useState(data.banners);
  const [draft, setDraft] = useState<BannerDraft>(emptyBanner);
  const { notice, isBusy, run } = useDeskNotice();
  const change = (patch: Partial<BannerDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function replace(banner: AdminBanner) {
    setBanners((current) => {
      const rest = current.filter((each) => each.id !== banner.id);
      return [...rest, banner].sort((a, b) => a.sort - b.sort || a.id - b.id);
    });
  }

  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const saved = await callStaffApi(contentDeskCalls.saveBanner, {
        ...(draft.id === undefined ? {} : { id: draft.id }),
        picFilePath: draft.picFilePath,
        backgroundColor: draft.backgroundColor,
        clickUrl: draft.clickUrl,
        openType: draft.openType,
        sort: Number(draft.sort) || 0,
        startsAt: epochOfBeijingInput(draft.startsAt),
        endsAt: epochOfBeijingInput(draft.endsAt),
      });
      replace(saved);
      setDraft(emptyBanner);
      return saved.isPublished ? '轮播图已保存' : '轮播图已保存为草稿：可先预览首页，再发布';
    });
  }

  function publish(banner: AdminBanner, isPublished: boolean) {
    void run(async () => {
      replace(await callStaffApi(contentDeskCalls.setBannerPublished, { id: banner.id, isPublished }));
      return isPublished ? '轮播图已发布' : '轮播图已撤回为草稿';
    });
  }

  function remove(banner: AdminBanner) {
    if (!window.confirm('确定删除这张轮播图吗？')) return;
    void run(async () => {
      await callStaffApi(contentDeskCalls.deleteBanner, { id: banner.id });
      setBanners((current) => current.filter((each) => each.id !== banner.id));
      return '轮播图已删除';
    });
  }

  return (
    <ContentDeskLayout data={data} current={contentDeskPaths.home}>
      <section className="admin-card">
        <h1>轮播图</h1>
        <p className="admin-notice" role="status" data-testid="content-notice">
          {notice}
        </p>
        <div className="admin-scroll">
          <table className="admin-table" data-testid="banner-table">
            <thead>
              <tr>
                <th>图片</th>
                <th>链接</th>
                <th>打开方式</th>
                <th>排序</th>
                <th>展示时间</th>
                <th>状态</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {banners.map((banner) => (
                <tr key={banner.id} data-testid="banner-row">
                  <td>
                    <img
                      className="content-thumb"
                      src={pictureUrl(data.imageBase, banner.picFilePath)}
                      alt=""
                      width={160}
                      height={60}
                      style={{ background: banner.backgroundColor || undefined }}
                    />
                  </td>
                  <td>{banner.clickUrl}</td>
                  <td>{banner.openType ? '当前窗口' : '新窗口'}</td>
                  <td>{banner.sort}</td>
                  <td>{windowText(banner)}</td>
                  <td>
                    <span className={banner.isPublished ? 'content-badge content-badge--live' : 'content-badge content-badge--draft'}>
                      {banner.isPublished ? '已发布' : '草稿'}
                    </span>
                  </td>
                  <td>
                    <StaffCan action="update" subject="Content">
                      <button type="button" className="content-link-button" onClick={() => setDraft(draftOf(banner))}>
                        编辑
                      </button>
                      <button type="button" className="content-link-button" disabled={isBusy} onClick={() => publish(banner, !banner.isPublished)}>
                        {banner.isPublished ? '撤回' : '发布'}
                      </button>
                    </StaffCan>
                    <StaffCan action="delete" subject="Content">
                      <button type="button" className="content-link-button content-link-button--danger" disabled={isBusy} onClick={() => remove(banner)}>
                        删除
                      </button>
                    </StaffCan>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <StaffCan action="update" subject="Content">
          <form className="content-form" onSubmit={save} data-testid="banner-form">
            <h2>{draft.id === undefined ? '新增轮播图（保存为草稿）' : `编辑轮播图 #${draft.id}`}</h2>
            <div className="content-form__wide">
              <ImageField
                label="轮播图片"
                name="picFilePath"
                value={draft.picFilePath}
                imageBase={data.imageBase}
                onChange={(picFilePath) => change({ picFilePath })}
              />
            </div>
            <label className="admin-field">
              链接地址
              <input
                name="clickUrl"
                value={draft.clickUrl}
                onChange={(event) => change({ clickUrl: event.currentTarget.value })}
                placeholder="/activity 或 https://…"
              />
            </label>
            <label className="admin-field">
              背景色
              <input
                name="backgroundColor"
                value={draft.backgroundColor}
                onChange={(event) => change({ backgroundColor: event.currentTarget.value })}
                placeholder="#1e50ae"
              />
            </label>
            <label className="admin-field">
              排序（小的在前）
              <input name="sort" type="number" value={draft.sort} onChange={(event) => change({ sort: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              开始展示（北京时间，可空）
              <input name="startsAt" type="datetime-local" value={draft.startsAt} onChange={(event) => change({ startsAt: event.currentTarget.value })} />
            </label>
            <label className="admin-field">
              结束展示（北京时间，可空）
              <input name="endsAt" type="datetime-local" value={draft.endsAt} onChange={(event) => change({ endsAt: event.currentTarget.value })} />
            </label>
            <label className="content-form__check">
              <input type="checkbox" name="openType" checked={draft.openType} onChange={(event) => change({ openType: event.currentTarget.checked })} />
              在当前窗口打开链接
            </label>
            <div className="content-form__actions">
              <button type="submit" className="admin-button" disabled={isBusy}>
                保存
              </button>
              {draft.id !== undefined && (
                <button type="button" className="admin-button admin-button--plain" style={{ color: '#344054' }} onClick={() => setDraft(emptyBanner)}>
                  取消编辑
                </button>
              )}
              <a href={contentDeskPaths.preview} target="_blank" rel="noopener noreferrer">
                预览首页（含草稿）
              </a>
            </div>
          </form>
        </StaffCan>
      </section>
      <section className="admin-card">
        <h1>公告</h1>
        <p>
          首页公告栏显示最新的“网站公告”。发布、编辑或撤回公告请到 <a href={contentDeskPaths.news}>新闻</a>
          （栏目选“网站公告”）；草稿公告可在首页预览中查看。
        </p>
      </section>
    </ContentDeskLayout>
  );
}
