import { useState } from 'react';
import {
  columnChoicesOf,
  mappingOfColumnChoices,
  priceImportColumnRoleLabels,
  priceImportColumnRoles,
  type PriceImportColumnChoice,
  type PriceImportColumnRole,
  type PriceImportMapping,
  type PriceImportUploadView,
} from '../../../contract/price-import.ts';

/** One select per column of the header row (the detected mapping preselected), with the first rows under it. */
export function ColumnMappingForm({ upload, onChange }: { upload: PriceImportUploadView; onChange: (mapping: PriceImportMapping | string) => void }) {
  const [choices, setChoices] = useState<PriceImportColumnChoice[]>(() => columnChoicesOf(upload.mapping, upload.headers.length));
  function update(column: number, choice: PriceImportColumnChoice) {
    const next = choices.map((current, index) => (index === column ? choice : current));
    setChoices(next);
    onChange(mappingOfColumnChoices(next));
  }
  return (
    <div className="price-import__mapping">
      <table className="admin-table" data-testid="price-import-mapping">
        <thead>
          <tr>
            {upload.headers.map((header, column) => (
              <th key={column}>{header || `第${column + 1}列`}</th>
            ))}
          </tr>
          <tr>
            {choices.map((choice, column) => (
              <th key={column}>
                <select
                  aria-label={`第${column + 1}列用途`}
                  value={choice.role}
                  onChange={(event) => update(column, { role: event.target.value as PriceImportColumnRole })}
                >
                  {priceImportColumnRoles.map((role) => (
                    <option key={role} value={role}>
                      {priceImportColumnRoleLabels[role]}
                    </option>
                  ))}
                </select>
                {choice.role === 'tierPrice' && (
                  <input
                    type="number"
                    min={1}
                    className="price-import__qty"
                    aria-label={`第${column + 1}列起始数量`}
                    placeholder="起始数量"
                    value={choice.qtyStart ?? ''}
                    onChange={(event) => update(column, { role: 'tierPrice', qtyStart: event.target.value === '' ? undefined : Number(event.target.value) })}
                  />
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {upload.sampleRows.map((row, index) => (
            <tr key={index}>
              {upload.headers.map((_, column) => (
                <td key={column}>{row[column] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
