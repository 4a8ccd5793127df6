/** 共 N 条, page n of m, previous and next. */
export function GridPager({ total, page, pageCount, onPage }: { total: number; page: number; pageCount: number; onPage: (page: number) => void }) {
  return (
    <p className="admin-pager">
      共 <span data-testid="grid-total">{total}</span> 条，第 {page}/{pageCount} 页{' '}
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>{' '}
      <button type="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        下一页
      </button>
    </p>
  );
}

/** The Chinese words of a form field's value; '' when absent. */
export function fieldOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}
