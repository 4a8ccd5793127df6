import type { GridBulkResult } from '../../../contract/staff-grid.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * A bulk action of a grid: `change` runs for each id once, in order, each in its own transaction
 * (it is the desk's single-row change, audited as one). A row it refuses (an AppError: wrong
 * state, gone) is reported with its Chinese message and the others go on; any other failure stops
 * the batch, the rows done before it staying done.
 */
export async function changeEachOfBulk(ids: readonly number[], change: (id: number) => Promise<unknown>): Promise<GridBulkResult> {
  const result: GridBulkResult = { done: 0, refused: [] };
  for (const id of new Set(ids)) {
    try {
      await change(id);
      result.done += 1;
    } catch (failure) {
      if (!(failure instanceof AppError)) throw failure;
      result.refused.push({ id, msg: failure.msg });
    }
  }
  return result;
}
