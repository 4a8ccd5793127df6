import { useState } from 'react';
import { bomColumnRoleLabels, bomColumnRoles, isBomColumnRole, type BomColumnRole, type BomSheet } from '../../../../contract/bom.ts';
import { usePageId } from '../../../lib/page-ids.tsx';
import { previewRowsOf, roleOfColumn } from '../../bom/bom-mapping.ts';

function columnLabel(header: string, columnIndex: number): string {
  return header.trim() || `第 ${columnIndex + 1} 列`;
}

/** "型号 ← 列1，数量 ← 列2": the roles the columns have now, in one line. */
function mappingSummary(sheet: BomSheet): string {
  const mapped = bomColumnRoles.flatMap((role) => {
    const index = sheet.mapping[role];
    return index === undefined ? [] : [`${bomColumnRoleLabels[role]} ← ${columnLabel(sheet.headers[index] ?? '', index)}`];
  });
  return mapped.length > 0 ? mapped.join('，') : '未识别出任何列';
}

function sourceText(sheet: BomSheet): string {
  if (sheet.mappingSource === 'remembered') return '已按您上次的修改对应';
  if (sheet.mappingSource === 'none') return '未识别出各列，请指定';
  return sheet.headerRowIndex >= 0 ? '已自动识别表头' : '已按内容识别各列';
}

interface MappingProps {
  sheet: BomSheet;
  problem: string;
  onChange: (columnIndex: number, role: BomColumnRole | null) => void;
}

/**
 * The column mapping found for the sheet, in one line; 修改 lists each column (its first value to
 * recognise it by) with the role it plays, changed with its select. Listed at once when no part
 * column is mapped.
 */
export function MobileBomMapping({ sheet, problem, onChange }: MappingProps) {
  const [isEditing, setIsEditing] = useState(false);
  const listId = usePageId();
  const firstRow = previewRowsOf(sheet, 1)[0] ?? [];
  const isOpen = isEditing || problem !== '';
  return (
    <section className="mb-card m-bom-mapping" aria-label="列对应">
      <div className="mb-card__head">
        <h2 className="mb-card__title">列对应</h2>
        {!problem && (
          <button type="button" className="mb-link" aria-expanded={isOpen} aria-controls={listId} onClick={() => setIsEditing(!isEditing)}>
            {isOpen ? '收起' : '修改'}
          </button>
        )}
      </div>
      <p className="m-bom-mapping__summary" data-testid="m-bom-mapping-summary">
        {mappingSummary(sheet)}
      </p>
      <p className="mb-muted">
        {sourceText(sheet)}，共 {sheet.partLineCount} 行物料
      </p>
      {sheet.warnings.map((warning) => (
        <p key={warning} className="m-bom-mapping__warning">
          {warning}
        </p>
      ))}
      {problem && (
        <p className="mb-warning" role="alert">
          {problem}
        </p>
      )}
      <ul id={listId} className="m-bom-mapping__columns" hidden={!isOpen}>
        {sheet.headers.map((header, columnIndex) => {
          const label = columnLabel(header, columnIndex);
          return (
            <li key={columnIndex} className="m-bom-mapping__column">
              <span className="m-bom-mapping__name">
                {label}
                {firstRow[columnIndex] ? <small className="m-bom-mapping__sample">{firstRow[columnIndex]}</small> : null}
              </span>
              <select
                aria-label={`“${label}”列对应为`}
                value={roleOfColumn(sheet.mapping, columnIndex) ?? ''}
                onChange={(event) => onChange(columnIndex, isBomColumnRole(event.target.value) ? event.target.value : null)}
              >
                <option value="">不使用</option>
                {bomColumnRoles.map((role) => (
                  <option key={role} value={role}>
                    {bomColumnRoleLabels[role]}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
