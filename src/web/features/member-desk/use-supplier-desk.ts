import { useCallback, useRef, useState, type SubmitEvent } from 'react';
import { supplierDeskCalls } from '../../../contract/console/supplier-desk-calls.ts';
import type { SupplierDeskDetail } from '../../../contract/member-desk.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { GridControls } from '../staff/data-grid/grid-types.ts';
import { callStaffApi } from '../staff/staff-api.ts';
import { fieldOf } from './grid-pager.tsx';

function messageOf(failure: unknown): string {
  return failure instanceof ApiError && failure.msg ? failure.msg : '操作失败，请稍后重试';
}

/** 供应商审核: the application opened, the status line, and the grid shown again after a review. */
export function useSupplierDesk(initialDetail: SupplierDeskDetail | null) {
  const grid = useRef<GridControls>(null);
  const [detail, setDetail] = useState<SupplierDeskDetail | null>(initialDetail);
  const [notice, setNotice] = useState('');

  // Stable (it only sets state), so the page's columns are made once.
  const open = useCallback(async (id: number) => {
    setNotice('');
    try {
      setDetail(await callStaffApi(supplierDeskCalls.detail, { id }));
    } catch (failure) {
      setNotice(messageOf(failure));
    }
  }, []);

  async function reviewed(message: string) {
    setNotice(message);
    if (detail) await open(detail.id);
    grid.current?.reload();
  }

  return { grid, detail, notice, open, reviewed };
}

/** 通过 or 驳回 (the button pressed) with the reason typed. */
export function useSupplierReview(detail: SupplierDeskDetail, onReviewed: (notice: string) => void) {
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);

  async function review(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as unknown as { submitter?: HTMLButtonElement | null }).submitter;
    const decision = submitter?.value === 'reject' ? 'reject' : 'approve';
    setError('');
    setBusy(true);
    try {
      const row = await callStaffApi(supplierDeskCalls.review, { id: detail.id, decision, reason: fieldOf(new FormData(event.currentTarget), 'reason') });
      onReviewed(`申请 ${row.applicationNo} ${row.statusLabel}`);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return { error, isBusy, review };
}
