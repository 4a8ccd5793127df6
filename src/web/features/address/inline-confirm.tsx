import { useState } from 'react';

/** A link-style action that asks again in place (确定 / 取消) before it runs: no browser dialog. */
export function InlineConfirm({ label, question, isBusy = false, onConfirm }: { label: string; question: string; isBusy?: boolean; onConfirm: () => void }) {
  const [isAsking, setIsAsking] = useState(false);
  if (!isAsking) {
    return (
      <button type="button" className="link-button member-action" onClick={() => setIsAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="inline-confirm" role="group" aria-label={question}>
      <span className="inline-confirm__question">{question}</span>
      <button
        type="button"
        className="link-button member-action member-action--danger"
        disabled={isBusy}
        onClick={() => {
          setIsAsking(false);
          onConfirm();
        }}
      >
        确定
      </button>
      <button type="button" className="link-button member-action" onClick={() => setIsAsking(false)}>
        取消
      </button>
    </span>
  );
}
