/** 12000 → "12,000" (the same on the server and in the browser, whatever their locale data). */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** 现货 N, or 暂无现货. */
export function StockLabel({ stock }: { stock: number }) {
  return stock > 0 ? (
    <span className="stock-label stock-label--in">现货 {groupDigits(stock)}</span>
  ) : (
    <span className="stock-label stock-label--out">暂无现货</span>
  );
}
