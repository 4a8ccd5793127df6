import { invoiceTitleOf, invoiceTypeNames, type InvoiceFields, type InvoiceProfile } from '../../../contract/invoice.ts';
import { InlineConfirm } from '../address/inline-confirm.tsx';

export interface InvoiceProfileActions {
  isBusy: boolean;
  onEdit: () => void;
  onSetDefault: () => void;
  onDelete: () => void;
}

/** The facts of an invoice beyond its title, as a list, the checkout or an order shows them. */
export function InvoiceFacts({ invoice }: { invoice: InvoiceFields }) {
  return (
    <dl className="invoice-facts">
      {invoice.type === 'normal-personal' ? null : (
        <>
          <dt>纳税人识别号</dt>
          <dd>{invoice.taxNumber}</dd>
        </>
      )}
      {invoice.type === 'special' ? (
        <>
          <dt>注册地址</dt>
          <dd>{invoice.registeredAddress}</dd>
          <dt>注册电话</dt>
          <dd>{invoice.registeredPhone}</dd>
          <dt>开户银行</dt>
          <dd>{invoice.bankName}</dd>
          <dt>银行账号</dt>
          <dd>{invoice.bankAccount}</dd>
        </>
      ) : null}
    </dl>
  );
}

export function InvoiceProfileCard({ profile, actions }: { profile: InvoiceProfile; actions: InvoiceProfileActions }) {
  return (
    <li className={profile.isDefault ? 'invoice-card invoice-card--default' : 'invoice-card'} data-testid="invoice-card">
      <div className="invoice-card__head">
        <span className="invoice-card__type">{invoiceTypeNames[profile.type]}</span>
        <strong className="invoice-card__title">{invoiceTitleOf(profile)}</strong>
        {profile.isDefault ? <span className="address-card__badge">默认</span> : null}
      </div>
      <InvoiceFacts invoice={profile} />
      <div className="address-card__actions">
        {profile.isDefault ? null : (
          <button type="button" className="link-button member-action" disabled={actions.isBusy} onClick={actions.onSetDefault}>
            设为默认
          </button>
        )}
        <button type="button" className="link-button member-action" onClick={actions.onEdit}>
          编辑
        </button>
        <InlineConfirm label="删除" question="确定删除该发票信息？" isBusy={actions.isBusy} onConfirm={actions.onDelete} />
      </div>
    </li>
  );
}
