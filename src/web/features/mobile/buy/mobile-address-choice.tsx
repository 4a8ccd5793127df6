import { useRef, useState } from 'react';
import { contactPhoneOf, fullAddressOf, type Address } from '../../../../contract/address.ts';
import { AddressBook } from '../../address/address-book.tsx';

/**
 * The checkout's address on a phone: the chosen one as a card; 更换 opens the address book (choose,
 * add with the province → city → district cascade, edit), which closes again once one is chosen.
 */
export function MobileAddressChoice({
  addresses,
  selectedId,
  onSelect,
}: {
  addresses: Address[];
  selectedId: number | null;
  onSelect: (address: Address) => void;
}) {
  const [known, setKnown] = useState(addresses);
  const [isOpen, setIsOpen] = useState(addresses.length === 0);
  // Closing the book after a choice brings the chosen card back into view (the form may have been long).
  const top = useRef<HTMLDivElement>(null);
  const chosen = known.find((entry) => entry.id === selectedId) ?? null;
  return (
    <div className="mb-address" ref={top}>
      {chosen ? (
        <div className="mb-address__chosen" data-testid="m-chosen-address">
          <p>
            <strong>{chosen.receiver}</strong> {contactPhoneOf(chosen)}
          </p>
          <p className="mb-muted">{fullAddressOf(chosen)}</p>
        </div>
      ) : (
        <p className="mb-warning">请选择收货地址</p>
      )}
      {known.length > 0 ? (
        <button type="button" className="mb-link mb-address__toggle" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
          {isOpen ? '收起' : '更换或新增地址 ›'}
        </button>
      ) : null}
      {isOpen ? (
        <AddressBook
          initialAddresses={addresses}
          selectedId={selectedId}
          onSelect={(address) => {
            setKnown((current) => [address, ...current.filter((entry) => entry.id !== address.id)]);
            setIsOpen(false);
            top.current?.scrollIntoView({ block: 'start' });
            onSelect(address);
          }}
        />
      ) : null}
    </div>
  );
}
