import type { GridColumn } from './grid-types.ts';
import type { ColumnChoice } from './use-column-choice.ts';

/** 显示列: a checkbox per column that may be hidden. */
export function ColumnChooser<Row>({
  columns,
  choice,
  onChange,
}: {
  columns: readonly GridColumn<Row>[];
  choice: ColumnChoice;
  onChange: (next: ColumnChoice) => void;
}) {
  return (
    <details className="data-grid__columns">
      <summary>显示列</summary>
      <fieldset>
        <legend>选择要显示的列</legend>
        {columns
          .filter((column) => !column.isAlwaysShown)
          .map((column) => (
            <label key={column.id}>
              <input type="checkbox" checked={choice[column.id] !== false} onChange={(event) => onChange({ ...choice, [column.id]: event.target.checked })} />
              {column.header}
            </label>
          ))}
      </fieldset>
    </details>
  );
}
