import { priceImportDeskCalls } from '../../../contract/console/price-import-calls.ts';
import { formatUnitPriceE4 } from '../../../contract/money.ts';
import {
  priceImportErrorReportPath,
  priceImportFieldLabels,
  priceImportKindLabels,
  type PriceImportPreviewRow,
  type PriceImportValidation,
} from '../../../contract/price-import.ts';
import type { GridPage } from '../../../contract/staff-grid.ts';
import { DataGrid } from '../staff/data-grid/data-grid.tsx';
import type { GridColumn } from '../staff/data-grid/grid-types.ts';
import { StaffCan } from '../staff/staff-can.tsx';
import { firstPreviewKind, type PriceImport } from './use-price-import.ts';

const price = (e4: number | null) => (e4 === null ? '—' : formatUnitPriceE4(e4));
export const countText = (value: number | null) => (value === null ? '—' : value.toLocaleString('zh-CN'));

const previewColumns: GridColumn<PriceImportPreviewRow>[] = [
  { id: 'row', header: '行号', cell: (row) => row.row, isSortable: true, isAlwaysShown: true },
  { id: 'mpn', header: '型号', cell: (row) => row.mpn, isAlwaysShown: true },
  { id: 'productId', header: '商品编号', cell: (row) => row.productId ?? '新商品' },
  { id: 'changed', header: '变化', cell: (row) => row.changed.map((field) => priceImportFieldLabels[field] ?? field).join('、') || '—' },
  {
    id: 'stock',
    header: '库存',
    cell: (row) => (row.oldStock === row.newStock ? countText(row.newStock) : `${countText(row.oldStock)} → ${countText(row.newStock)}`),
  },
  {
    id: 'price',
    header: '首档单价',
    cell: (row) => (row.oldFirstPriceE4 === row.newFirstPriceE4 ? price(row.newFirstPriceE4) : `${price(row.oldFirstPriceE4)} → ${price(row.newFirstPriceE4)}`),
  },
];

function SummaryTable({ validation }: { validation: PriceImportValidation }) {
  const counts = validation.summary.counts;
  return (
    <table className="admin-table price-import__summary">
      <tbody>
        <tr>
          <th>数据行</th>
          <th>{priceImportKindLabels.create}</th>
          <th>{priceImportKindLabels.update}</th>
          <th>{priceImportKindLabels.priceChange}</th>
          <th>{priceImportKindLabels.unchanged}</th>
          <th>错误行</th>
        </tr>
        <tr>
          <td data-testid="summary-total">{countText(validation.summary.total)}</td>
          <td data-testid="summary-create">{countText(counts.create)}</td>
          <td data-testid="summary-update">{countText(counts.update)}</td>
          <td data-testid="summary-priceChange">{countText(counts.priceChange)}</td>
          <td data-testid="summary-unchanged">{countText(counts.unchanged)}</td>
          <td data-testid="summary-error">{countText(counts.error)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function ErrorList({ validation }: { validation: PriceImportValidation }) {
  const reportHref = (format: 'csv' | 'xlsx') => `${priceImportErrorReportPath}?uploadId=${validation.uploadId}&format=${format}`;
  return (
    <>
      <h3>
        错误（共 {countText(validation.summary.errorCount)} 条
        {validation.summary.errorCount > validation.firstErrors.length ? `，下表列出前 ${validation.firstErrors.length} 条` : ''}）
        <a className="admin-button" href={reportHref('csv')} download data-testid="price-import-report-csv">
          下载错误报告 CSV
        </a>
        <a className="admin-button" href={reportHref('xlsx')} download data-testid="price-import-report-xlsx">
          下载错误报告 Excel
        </a>
      </h3>
      <table className="admin-table" data-testid="price-import-errors">
        <thead>
          <tr>
            <th>行号</th>
            <th>列</th>
            <th>原因</th>
          </tr>
        </thead>
        <tbody>
          {validation.firstErrors.map((error, index) => (
            <tr key={index}>
              <td>{error.row}</td>
              <td>{error.column}</td>
              <td>{error.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function PreviewGrid({ validation, preview, serial }: { validation: PriceImportValidation; preview: GridPage<PriceImportPreviewRow>; serial: number }) {
  const counts = validation.summary.counts;
  return (
    <>
      <h3>预览</h3>
      <DataGrid
        key={serial}
        label="导入预览"
        call={priceImportDeskCalls.preview}
        initial={preview}
        columns={previewColumns}
        rowKey={(row) => row.row}
        filters={[
          {
            kind: 'select',
            name: 'kind',
            label: '类型',
            options: (['priceChange', 'update', 'create'] as const).map((kind) => ({
              value: kind,
              label: `${priceImportKindLabels[kind]}（${counts[kind]}）`,
            })),
          },
        ]}
        initialFilters={{ kind: preview.rows[0]?.kind ?? firstPreviewKind(counts) }}
        toQuery={(values) => ({ uploadId: validation.uploadId, kind: values.kind === undefined || values.kind === '' ? 'priceChange' : values.kind })}
        storageKey="admin.priceImport.preview.columns"
      />
    </>
  );
}

/** 校验结果: the counts by kind, the first errors with the full report, the preview, and 应用. */
export function PriceImportValidationStep({ validation, priceImport }: { validation: PriceImportValidation; priceImport: PriceImport }) {
  const counts = validation.summary.counts;
  const applying = counts.create + counts.update + counts.priceChange;
  return (
    <div className="price-import__step" data-testid="price-import-summary">
      <h2>校验结果</h2>
      <SummaryTable validation={validation} />
      {validation.summary.errorCount > 0 && <ErrorList validation={validation} />}
      {priceImport.preview && <PreviewGrid validation={validation} preview={priceImport.preview} serial={priceImport.validationSerial} />}
      <StaffCan action="create" subject="PriceImport">
        <p>
          <button
            type="button"
            className="admin-button"
            disabled={priceImport.isBusy || priceImport.isApplied || applying === 0}
            onClick={priceImport.apply}
            data-testid="price-import-apply"
          >
            应用（{countText(applying)} 行）
          </button>
        </p>
      </StaffCan>
    </div>
  );
}
