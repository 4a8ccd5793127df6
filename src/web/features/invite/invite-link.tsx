import { useCopyText } from './use-copy-text.ts';

/** The invite link in a read-only field with its copy button. */
export function InviteLink({ inviteUrl, id }: { inviteUrl: string; id: string }) {
  const { isCopied, copy } = useCopyText('邀请链接已复制，快去分享给好友吧');
  return (
    <div className="invite-link">
      <label className="invite-link__label" htmlFor={id}>
        我的邀请链接
      </label>
      <input
        id={id}
        className="invite-link__input"
        type="text"
        readOnly
        value={inviteUrl}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="invite-url"
      />
      <button type="button" className="button invite-link__copy" onClick={() => void copy(inviteUrl)}>
        {isCopied ? '已复制' : '复制链接'}
      </button>
    </div>
  );
}
