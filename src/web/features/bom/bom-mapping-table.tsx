import { bomColumnRoleLabels, bomColumnRoles, isBomColumnRole, type BomColumnRole, type BomSheet } from '../../../contract/bom.ts';
import { previewRowsOf, roleOfColumn } from './bom-mapping.ts';

const mappingSourceLabels: Record<BomSheet['mappingSource'], string> = {
  detected: '已自动识别表头',
  remembered: '已按您上次的修改对应',
  none: '未识别出表头，请指定各列内容',
};

const previewCount = 3;

function columnLabel(header: string, columnIndex: number): string {
  return header.trim() || `第 ${columnIndex + 1} 列`;
}
/** The row of selects, one per column, each showing the role its column has now. */
function RoleRow({ sheet, onChange }: { sheet: BomSheet; onChange: (columnIndex: number, role: BomColumnRole | null) => void }) {
  return (
    <tr>
      <th scope="row" className="bom-mapping__side">
        对应为
      </th>
      {sheet.headers.map((header, columnIndex) => {
        const role = roleOfColumn(sheet.mapping, columnIndex);
        return (
          <td key={columnIndex} className={role ? 'bom-mapping__role bom-mapping__role--mapped' : 'bom-mapping__role'} data-column={columnIndex}>
            <select
              aria-label={`“${columnLabel(header, columnIndex)}”列对应为`}
              value={role ?? ''}
              onChange={(event) => onChange(columnIndex, isBomColumnRole(event.target.value) ? event.target.value : null)}
            >
              <option value="">不使用</option>
              {bomColumnRoles.map((option) => (
                <option key={option} value={option}>
                  {bomColumnRoleLabels[option]}
                </option>
              ))}
            </select>
          </td>
        );
      })}
    </tr>
  );
}

/**
 * Each column of the buyer's sheet with its first values and the role it was given; a role is
 * changed with the column's select (a role belongs to one column: choosing it elsewhere moves it).
 */
export function BomMappingTable({
  sheet,
  problem,
  onChange,
}: {
  sheet: BomSheet;
  problem: string;
  onChange: (columnIndex: number, role: BomColumnRole | null) => void;
}) {
  const previewRows = previewRowsOf(sheet, previewCount);
  return (
    <section className="bom-panel bom-mapping" aria-labelledby="bom-mapping-title">
      <div className="bom-panel__head">
        <h2 id="bom-mapping-title" className="bom-panel__title">
          列对应
        </h2>
        <span className="bom-panel__note">
          {mappingSourceLabels[sheet.mappingSource]}
          {sheet.headerRowIndex >= 0 && `（表头在第 ${sheet.headerRowIndex + 1} 行）`}，共 {sheet.partLineCount} 行物料
        </span>
      </div>
      {sheet.warnings.length > 0 && (
        <ul className="bom-mapping__warnings">
          {sheet.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <div className="bom-mapping__scroll">
        <table className="bom-mapping__table">
          <thead>
            <tr>
              <th scope="row" className="bom-mapping__side">
                表格中的列
              </th>
              {sheet.headers.map((header, columnIndex) => (
                <th key={columnIndex} scope="col" className="bom-mapping__header">
                  {columnLabel(header, columnIndex)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <RoleRow sheet={sheet} onChange={onChange} />
            {previewRows.map((row, rowIndex) => (
              <tr key={rowIndex} className="bom-mapping__preview">
                <th scope="row" className="bom-mapping__side">
                  {rowIndex === 0 ? '前几行内容' : ''}
                </th>
                {sheet.headers.map((_header, columnIndex) => (
                  <td key={columnIndex} className="bom-mapping__value">
                    {row[columnIndex] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem && (
        <p className="bom-panel__problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
