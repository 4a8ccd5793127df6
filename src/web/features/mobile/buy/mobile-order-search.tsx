import { withMobileQuery } from '../../../../contract/mobile-buy.ts';
import type { OrderListData } from '../../../../contract/order.ts';

/** 搜索订单 on the phone: by order number, part number, 采购订单号 or 客户料号, within the tab shown. */
export function MobileOrderSearch({ list, action }: { list: OrderListData; action: string }) {
  return (
    <>
      <form className="mb-order-search" method="get" action={action} role="search">
        {list.status ? <input type="hidden" name="tab" value={list.status} /> : null}
        <input
          className="mb-order-search__input"
          type="search"
          name="keyword"
          defaultValue={list.keyword}
          maxLength={60}
          placeholder="订单号 / 型号 / 采购订单号 / 客户料号"
          aria-label="搜索订单号、型号、采购订单号或客户料号"
        />
        <button type="submit" className="mb-button mb-button--primary mb-order-search__button">
          搜索
        </button>
      </form>
      {list.keyword ? (
        <p className="mb-order-search__summary" data-testid="m-order-search-summary">
          “{list.keyword}”：共 {list.total} 个订单 <a href={withMobileQuery(action, { tab: list.status })}>清除搜索</a>
        </p>
      ) : null}
    </>
  );
}
