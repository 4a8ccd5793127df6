import { useState, type SubmitEvent } from 'react';
import { useDeskNotice } from './desk-notice.ts';

/**
 * The state of one content list editor (ContentListEditor): the draft in the form, the status line, and a
 * submit that runs a save and shows its outcome. Each desk's hook (use-news-editor.ts …) adds its calls.
 */
export function useContentListEditor<Draft>(empty: Draft) {
  const [draft, setDraft] = useState<Draft>(empty);
  const { notice, isBusy, run } = useDeskNotice();
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const reset = () => setDraft(empty);
  /** For the form's onSubmit: runs the save (which answers the notice) and never reloads the page. */
  function submit(event: SubmitEvent<HTMLFormElement>, save: (draft: Draft) => Promise<string>) {
    event.preventDefault();
    void run(() => save(draft));
  }
  return { draft, setDraft, change, reset, notice, isBusy, run, submit };
}

/** The rows a page brought, kept in the browser: a saved row replaces the one with its key (or joins), a removed one leaves. */
export function useContentRows<Row>(initial: readonly Row[], keyOf: (row: Row) => string | number, order?: (a: Row, b: Row) => number) {
  const [rows, setRows] = useState<readonly Row[]>(initial);
  function replace(row: Row) {
    setRows((current) => {
      const next = [...current.filter((each) => keyOf(each) !== keyOf(row)), row];
      return order ? next.sort(order) : next;
    });
  }
  function remove(row: Row) {
    setRows((current) => current.filter((each) => keyOf(each) !== keyOf(row)));
  }
  return { rows, replace, remove };
}
