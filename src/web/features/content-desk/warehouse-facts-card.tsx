import type { AdminWarehouse } from '../../../contract/warehouse.ts';
import { ContentCheck, ContentField } from './content-list-editor.tsx';
import type { WarehouseEditor } from './use-warehouse-editor.ts';

function WarehouseForm({ warehouse, editor, isBusy }: { warehouse: AdminWarehouse; editor: WarehouseEditor; isBusy: boolean }) {
  const { code, name } = warehouse;
  return (
    <form className="content-form content-warehouse" onSubmit={editor.save(code)} data-testid={`warehouse-form-${code}`}>
      <h2>
        {name}（{code}）{warehouse.isActive ? '' : '：已停用，页面不显示'}
      </h2>
      <ContentField label={`${name}所在城市`} name="city" value={warehouse.city} onValue={(city) => editor.change(code, { city })} />
      <ContentField
        label={`${name}截单时间（北京时间，此前付款的现货订单当天发出）`}
        name="cutoffTime"
        value={warehouse.cutoffTime}
        inputMode="numeric"
        placeholder="16:00"
        onValue={(cutoffTime) => editor.change(code, { cutoffTime })}
      />
      <ContentField label={`${name}地址`} name="address" isWide value={warehouse.address} onValue={(address) => editor.change(code, { address })} />
      <ContentCheck
        label={`${name}支持上门自提（自提地址未在站点设置中填写时，使用第一个支持自提的仓库地址）`}
        name="isPickup"
        checked={warehouse.isPickup}
        onValue={(isPickup) => editor.change(code, { isPickup })}
      />
      <div className="content-form__actions">
        <button type="submit" className="admin-button" disabled={isBusy}>
          保存{name}
        </button>
      </div>
    </form>
  );
}

/**
 * 发货仓库: what every page says of the warehouses the stock lies in (help articles' {{截单时间}}, product pages,
 * /contact, checkout). Saved at once, not as a draft.
 */
export function WarehouseFactsCard({ editor, isBusy }: { editor: WarehouseEditor; isBusy: boolean }) {
  return (
    <section className="admin-card" data-testid="warehouse-facts">
      <h1>发货仓库</h1>
      <p>商品页、帮助中心、联系我们与结算页显示的仓库、截单时间与自提信息都取自这里，保存后立即生效。</p>
      {editor.warehouses.map((warehouse) => (
        <WarehouseForm key={warehouse.code} warehouse={warehouse} editor={editor} isBusy={isBusy} />
      ))}
    </section>
  );
}
