import type { GridBulkResult } from '../../../../contract/staff-grid.ts';

/** A bulk action's notice: what was done, then each row left as it was, named as the grid shows it, with the server's reason. */
export function bulkNotice<Row>(done: string, result: GridBulkResult, rows: readonly Row[], idOf: (row: Row) => number, labelOf: (row: Row) => string): string {
  if (result.refused.length === 0) return done;
  const labels = new Map(rows.map((row) => [idOf(row), labelOf(row)]));
  const refused = result.refused.map((entry) => `${labels.get(entry.id) ?? String(entry.id)}：${entry.msg}`).join('；');
  return `${done}；${String(result.refused.length)} 项未处理：${refused}`;
}
