import type { SubmitEvent } from 'react';
import { contactDeskCalls } from '../../../contract/console/contact-desk-calls.ts';
import type { ContactDeskRow } from '../../../contract/member-desk.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { GridControls } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { fieldOf } from './grid-pager.tsx';

/** 标记已处理 of one contact message, with the note typed beside it; the grid shows the message handled. */
export function useMarkHandled(row: ContactDeskRow, grid: GridControls, onNotice: (notice: string) => void) {
  return async function markHandled(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await callStaffApi(contactDeskCalls.markHandled, { id: row.id, note: fieldOf(new FormData(event.currentTarget), 'note') });
      onNotice(`留言 #${String(row.id)} 已标记为已处理`);
      grid.reload();
    } catch (failure) {
      onNotice(failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试');
    }
  };
}
