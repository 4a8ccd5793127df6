import { contentDeskMessages, contentDeskPaths } from '../../../contract/console/content.ts';

interface DraftActionsProps {
  hasDraft: boolean;
  isBusy: boolean;
  /** Runs a desk action and shows its outcome (useDeskNotice's run). */
  run: (action: () => Promise<string>) => Promise<void>;
  publish: () => Promise<unknown>;
  discard: () => Promise<unknown>;
  /** What the draft is of, for the buttons' accessible names (站点设置, 热门搜索词, 广告 #3…). */
  label: string;
  /** Shop pages besides the home page where the draft shows (配送说明 for the free-shipping threshold). */
  morePreviews?: readonly { href: string; name: string }[];
}

/** A draft's state and its three steps: 预览 (the shop's home page with the drafts, staff only), 发布, 放弃草稿. */
export function DraftActions({ hasDraft, isBusy, run, publish, discard, label, morePreviews = [] }: DraftActionsProps) {
  if (!hasDraft) return <span className="content-badge content-badge--live">已发布</span>;
  return (
    <span className="content-draft-actions" data-testid="draft-actions">
      <span className="content-badge content-badge--draft">草稿未发布</span>
      <a href={contentDeskPaths.preview} target="_blank" rel="noopener noreferrer" aria-label={`预览${label}草稿`}>
        预览
      </a>
      {morePreviews.map((preview) => (
        <a key={preview.href} href={preview.href} target="_blank" rel="noopener noreferrer" aria-label={`预览${preview.name}（${label}草稿）`}>
          预览{preview.name}
        </a>
      ))}
      <button
        type="button"
        className="content-link-button"
        disabled={isBusy}
        aria-label={`发布${label}`}
        onClick={() =>
          void run(async () => {
            await publish();
            return contentDeskMessages.draftPublished;
          })
        }
      >
        发布
      </button>
      <button
        type="button"
        className="content-link-button content-link-button--danger"
        disabled={isBusy}
        aria-label={`放弃草稿：${label}`}
        onClick={() =>
          void run(async () => {
            await discard();
            return contentDeskMessages.draftDiscarded;
          })
        }
      >
        放弃草稿
      </button>
    </span>
  );
}
