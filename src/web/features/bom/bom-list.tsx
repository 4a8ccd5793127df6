import { useState } from 'react';
import { bomCalls } from '../../../contract/bom-calls.ts';
import { bomEditPath, bomExportPath, type BomListData, type BomSummaryRow } from '../../../contract/bom.ts';
import { formatCents } from '../../../contract/pricing.ts';
import { formatBeijingDate } from '../../../contract/time.ts';
import { callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { ConfirmDialog } from '../order/confirm-dialog.tsx';

export function bomListUrl(page: number): string {
  return page > 1 ? `/user/bom?page=${page}` : '/user/bom';
}

function matchRateText(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

function BomListRow({ bom, onDelete }: { bom: BomSummaryRow; onDelete: (bom: BomSummaryRow) => void }) {
  return (
    <tr data-testid="bom-row">
      <td>
        <a className="bom-list__name" href={bomEditPath(bom.bomId)}>
          {bom.name}
        </a>
        {bom.fileName ? <span className="bom-list__file">{bom.fileName}</span> : null}
      </td>
      <td>{formatBeijingDate(bom.updatedAt)}</td>
      <td className="bom-list__number">{bom.lineCount}</td>
      <td className="bom-list__number">{matchRateText(bom.matchRate)}</td>
      <td className="bom-list__number bom-list__total">{formatCents(bom.totalCents)}</td>
      <td className="bom-list__actions">
        <a href={bomEditPath(bom.bomId)}>打开</a>
        <a href={bomExportPath(bom.bomId, 'xlsx')} download>
          导出Excel
        </a>
        <a href={bomExportPath(bom.bomId, 'pdf')} download>
          导出PDF
        </a>
        <button type="button" className="bom-list__delete" onClick={() => onDelete(bom)}>
          删除
        </button>
      </td>
    </tr>
  );
}

/** The member's saved BOMs, newest first: open, export, delete (after a question). */
export function BomList({ list }: { list: BomListData }) {
  const [rows, setRows] = useState(list.list);
  const [deleting, setDeleting] = useState<BomSummaryRow | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const shown = { ...list, list: rows, total: list.total - (list.list.length - rows.length) };

  async function confirmDelete() {
    if (!deleting) return;
    setIsBusy(true);
    try {
      await callApi(bomCalls.delete, { bomId: deleting.bomId });
      const remaining = rows.filter((row) => row.bomId !== deleting.bomId);
      setDeleting(null);
      // The page's last BOM gone: show the page before it (or the next ones moved up) from the server.
      if (remaining.length === 0 && shown.total > 1) {
        window.location.assign(bomListUrl(Math.max(1, list.page - 1)));
        return;
      }
      setRows(remaining);
      showToast('已删除');
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
    } finally {
      setIsBusy(false);
    }
  }

  if (rows.length === 0) {
    return (
      <div className="bom-list__empty">
        <p>您还没有保存过 BOM</p>
        <a className="button button--primary" href="/bom">
          去 BOM配单
        </a>
      </div>
    );
  }
  return (
    <>
      <table className="bom-list">
        <thead>
          <tr>
            <th scope="col">BOM 名称</th>
            <th scope="col">保存日期</th>
            <th scope="col">物料行数</th>
            <th scope="col">匹配率</th>
            <th scope="col">合计</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((bom) => (
            <BomListRow key={bom.bomId} bom={bom} onDelete={setDeleting} />
          ))}
        </tbody>
      </table>
      <Pagination page={shown.page} total={shown.total} pageSize={shown.pageSize} hrefFor={bomListUrl} unit="个BOM" />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="删除BOM"
        message={deleting ? `确定删除“${deleting.name}”吗？删除后无法恢复。` : ''}
        confirmLabel="删除"
        isBusy={isBusy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
