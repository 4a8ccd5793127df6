import { maxAddresses, type Address, type Division } from '../../../contract/address.ts';
import { AddressCard } from './address-card.tsx';
import { AddressForm } from './address-form.tsx';
import { useAddressBook } from './use-address-book.ts';

export interface AddressBookProps {
  initialAddresses: Address[];
  provinces?: Division[];
  /** The checkout: the chosen address gets a ticked radio, and choosing calls back. */
  selectedId?: number | null;
  onSelect?: (address: Address) => void;
}

/** The member's addresses with add, edit, delete and default; the form opens above the list. */
export function AddressBook({ initialAddresses, provinces, selectedId = null, onSelect }: AddressBookProps) {
  const book = useAddressBook(initialAddresses);
  const isFull = book.items.length >= maxAddresses;
  const { editing } = book;
  return (
    <div className="address-book">
      <div className="address-book__bar">
        <button type="button" className="button button--primary" disabled={isFull || editing.kind === 'new'} onClick={book.startAdding}>
          新增收货地址
        </button>
        <span className="address-book__count" data-testid="address-count">
          已保存 {book.items.length} 个地址，最多可保存 {maxAddresses} 个
        </span>
      </div>
      {editing.kind === 'closed' ? null : (
        <section className="address-book__editor" aria-label={editing.kind === 'new' ? '新增收货地址' : '编辑收货地址'}>
          <AddressForm
            key={editing.kind === 'edit' ? editing.item.id : 'new'}
            address={editing.kind === 'edit' ? editing.item : null}
            provinces={provinces}
            onSaved={(address) => {
              void book.saved();
              onSelect?.(address);
            }}
            onCancel={book.closeForm}
          />
        </section>
      )}
      {book.items.length === 0 ? (
        <p className="member-empty">您还没有收货地址，请先新增一个。</p>
      ) : (
        <ul className="address-book__list">
          {book.items.map((address) => (
            <AddressCard
              key={address.id}
              address={address}
              isSelected={selectedId === address.id}
              onSelect={onSelect ? () => onSelect(address) : undefined}
              actions={{
                isBusy: book.busyId !== null,
                onEdit: () => book.startEditing(address),
                onSetDefault: () => void book.setDefault(address),
                onDelete: () => void book.remove(address),
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
