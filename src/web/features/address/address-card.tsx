import { contactPhoneOf, fullAddressOf, type Address } from '../../../contract/address.ts';
import { InlineConfirm } from './inline-confirm.tsx';

export interface AddressCardActions {
  isBusy: boolean;
  onEdit: () => void;
  onSetDefault: () => void;
  onDelete: () => void;
}

/** One address of the book: who, where, and its actions; with `onSelect` it can be chosen (the checkout). */
export function AddressCard({
  address,
  actions,
  isSelected = false,
  onSelect,
}: {
  address: Address;
  actions: AddressCardActions;
  isSelected?: boolean;
  onSelect?: () => void;
}) {
  const className = ['address-card', address.isDefault ? 'address-card--default' : '', isSelected ? 'address-card--selected' : ''].filter(Boolean).join(' ');
  return (
    <li className={className} data-testid="address-card">
      <div className="address-card__who">
        {onSelect ? <input type="radio" name="address" aria-label={`选择 ${address.receiver} 的地址`} checked={isSelected} onChange={onSelect} /> : null}
        <strong className="address-card__receiver">{address.receiver}</strong>
        <span className="address-card__phone">{contactPhoneOf(address)}</span>
        {address.mobile && address.landline ? <span className="address-card__phone">{address.landline}</span> : null}
        {address.isDefault ? <span className="address-card__badge">默认地址</span> : null}
      </div>
      <p className="address-card__where">{fullAddressOf(address)}</p>
      <div className="address-card__actions">
        {address.isDefault ? null : (
          <button type="button" className="link-button member-action" disabled={actions.isBusy} onClick={actions.onSetDefault}>
            设为默认
          </button>
        )}
        <button type="button" className="link-button member-action" onClick={actions.onEdit}>
          编辑
        </button>
        <InlineConfirm label="删除" question="确定删除该地址？" isBusy={actions.isBusy} onConfirm={actions.onDelete} />
      </div>
    </li>
  );
}
