import { useState, type SubmitEvent } from 'react';

/** A name shown as text, edited in place: 改名 opens a field, 保存 sends it, 取消 closes it. */
export function NameEditor({ name, maxLength, label, onSave }: { name: string; maxLength: number; label: string; onSave: (name: string) => Promise<boolean> }) {
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null)
    return (
      <>
        <span className="taxonomy-name">{name}</span>
        <button type="button" className="taxonomy-link" onClick={() => setDraft(name)}>
          改名
        </button>
      </>
    );
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await onSave(draft ?? '')) setDraft(null);
  }
  return (
    <form className="taxonomy-inline" onSubmit={(event) => void submit(event)}>
      <input aria-label={label} value={draft} maxLength={maxLength} onChange={(event) => setDraft(event.target.value)} autoFocus />
      <button type="submit" className="admin-button">
        保存
      </button>
      <button type="button" className="taxonomy-link" onClick={() => setDraft(null)}>
        取消
      </button>
    </form>
  );
}
