import { usePageId } from '../../lib/page-ids.tsx';
import { useState } from 'react';
import { complaintCalls } from '../../../contract/complaint-calls.ts';
import { complaintLimits, replyProblem, textLength, type ComplaintDetail } from '../../../contract/complaint.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { ShipReturnForm } from './complaint-return.tsx';

/** The description, then each addition of the member and each staff reply, oldest first. */
export function ComplaintConversation({ complaint }: { complaint: ComplaintDetail }) {
  return (
    <ol className="complaint-conversation" aria-label="沟通记录">
      {complaint.replies.map((reply) => (
        <li key={reply.id} className={`complaint-conversation__item complaint-conversation__item--${reply.author}`} data-testid="complaint-reply">
          <div className="complaint-conversation__who">
            {reply.author === 'staff' ? `客服 ${reply.staffName}` : '我的补充'}
            <time className="complaint-conversation__at">{reply.atStr.slice(0, 16)}</time>
          </div>
          <p className="complaint-conversation__text">{reply.text}</p>
        </li>
      ))}
      {complaint.replies.length === 0 ? <li className="complaint-conversation__none">客服将尽快处理您的投诉，请留意消息通知。</li> : null}
    </ol>
  );
}

/** Runs one member action: busy meanwhile, the answered complaint handed on and a toast, or the problem shown. */
function useComplaintAction(onChange: (next: ComplaintDetail) => void) {
  const [problem, setProblem] = useState('');
  const [isBusy, setIsBusy] = useState(false);

  async function run(work: () => Promise<ComplaintDetail>, done: string) {
    setIsBusy(true);
    try {
      onChange(await work());
      showToast(done);
      return true;
    } catch (error) {
      const message = errorMessageOf(error) || '操作失败，请稍后重试';
      setProblem(message);
      showToast(message);
      return false;
    } finally {
      setIsBusy(false);
    }
  }

  return { problem, setProblem, isBusy, run };
}

type ComplaintAction = ReturnType<typeof useComplaintAction>;

function Problem({ problem }: { problem: string }) {
  return problem ? (
    <p className="complaint-form__problem" role="alert">
      {problem}
    </p>
  ) : null;
}

/** A settled complaint: why it ended, and 重新处理 when the server allows reopening it. */
function EndedActions({ complaint, action: { problem, isBusy, run } }: { complaint: ComplaintDetail; action: ComplaintAction }) {
  return (
    <div className="complaint-actions">
      {complaint.events.includes('reopen') ? (
        <p className="complaint-detail__ended">
          该投诉{complaint.statusLabel}。问题仍未解决？
          <button
            type="button"
            className="button"
            disabled={isBusy}
            onClick={() => void run(() => callApi(complaintCalls.reopen, { id: complaint.id, from: complaint.status }), '投诉已重新打开')}
          >
            重新处理
          </button>
        </p>
      ) : (
        // Every settled state reads 已…: 该投诉已解决, 该投诉已退款.
        <p className="complaint-detail__ended">该投诉{complaint.statusLabel}，如有新的问题请重新提交投诉。</p>
      )}
      <Problem problem={problem} />
    </div>
  );
}

/** 撤销投诉, asking once more before it sends. */
function WithdrawButton({ complaint, action: { isBusy, run } }: { complaint: ComplaintDetail; action: ComplaintAction }) {
  const [isConfirmingClose, setIsConfirmingClose] = useState(false);
  return isConfirmingClose ? (
    <span className="complaint-actions__confirm" role="group" aria-label="确认撤销">
      确定撤销该投诉吗？
      <button
        type="button"
        className="button"
        disabled={isBusy}
        onClick={() => void run(() => callApi(complaintCalls.close, { id: complaint.id, from: complaint.status }), '投诉已撤销')}
      >
        确定撤销
      </button>
      <button type="button" className="link-button" onClick={() => setIsConfirmingClose(false)}>
        再想想
      </button>
    </span>
  ) : (
    <button type="button" className="button" disabled={isBusy} onClick={() => setIsConfirmingClose(true)}>
      撤销投诉
    </button>
  );
}

/** 补充说明: the text is checked here first, then sent; the box empties once the server took it. */
function ReplyForm({ complaint, action }: { complaint: ComplaintDetail; action: ComplaintAction }) {
  const fieldId = usePageId();
  const [text, setText] = useState('');
  const { problem, setProblem, isBusy, run } = action;

  async function reply() {
    const found = replyProblem(text);
    setProblem(found);
    if (found) return;
    if (await run(() => callApi(complaintCalls.reply, { id: complaint.id, text }), '补充说明已提交')) setText('');
  }

  const mayWithdraw = complaint.events.includes('withdraw');
  return (
    <form
      className="complaint-reply"
      aria-label="补充说明"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void reply();
      }}
    >
      <label className="complaint-form__label" htmlFor={fieldId}>
        补充说明
      </label>
      <textarea
        id={fieldId}
        className="complaint-form__textarea"
        rows={3}
        value={text}
        placeholder="补充问题细节或回复客服"
        onChange={(event) => setText(event.target.value)}
      />
      <span className="complaint-form__counter">
        {textLength(text.trim())}/{complaintLimits.replyMax}
      </span>
      <Problem problem={problem} />
      <div className="complaint-form__actions">
        <button type="submit" className="button button--primary" disabled={isBusy}>
          提交补充
        </button>
        {mayWithdraw ? <WithdrawButton complaint={complaint} action={action} /> : null}
      </div>
    </form>
  );
}

/**
 * The member's side of the lifecycle: 补充说明 while open, and the buttons of the events the server
 * allows the buyer now (complaint.events): 寄回商品, 撤销投诉, 重新处理. Each sends the status the page
 * shows, so a change staff made meanwhile is refused, and answers the complaint as it is after.
 */
export function ComplaintMemberActions({ complaint, onChange }: { complaint: ComplaintDetail; onChange: (next: ComplaintDetail) => void }) {
  const action = useComplaintAction(onChange);
  if (!complaint.isOpen) return <EndedActions complaint={complaint} action={action} />;
  return (
    <div className="complaint-actions">
      {complaint.events.includes('shipReturn') ? <ShipReturnForm complaint={complaint} onChange={onChange} /> : null}
      <ReplyForm complaint={complaint} action={action} />
    </div>
  );
}
