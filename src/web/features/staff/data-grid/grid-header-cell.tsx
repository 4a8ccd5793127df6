/** The sorting side of a table column. */
interface SortableColumn {
  getCanSort(): boolean;
  getIsSorted(): false | 'asc' | 'desc';
  getToggleSortingHandler(): undefined | ((event: unknown) => void);
}

const arrows = { asc: ' ▲', desc: ' ▼' } as const;
const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** A column's header: a sortable one is a button cycling 升序 → 降序 → 不排序. */
export function GridHeaderCell({ title, column }: { title: string; column: SortableColumn }) {
  if (!column.getCanSort()) return <th scope="col">{title}</th>;
  const sorted = column.getIsSorted();
  return (
    <th scope="col" aria-sort={sorted ? ariaSort[sorted] : 'none'}>
      <button type="button" className="data-grid__sort" onClick={column.getToggleSortingHandler()}>
        {title}
        {sorted ? (
          arrows[sorted]
        ) : (
          <span className="data-grid__sortable" aria-hidden="true">
            {' ↕'}
          </span>
        )}
      </button>
    </th>
  );
}
