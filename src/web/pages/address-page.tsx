import type { Address, Division } from '../../contract/address.ts';
import { AddressBook } from '../features/address/address-book.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface AddressPageData {
  addresses: Address[];
  /** The cascade's first level, so the form opens without a call. */
  provinces: Division[];
}

/** /user/address: the member's address book. */
export function AddressPage({ shell, data }: PageProps<AddressPageData>) {
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/address">
        <section className="person-panel member-page" aria-labelledby="address-title">
          <h1 id="address-title" className="person-panel__title">
            收货地址
          </h1>
          <AddressBook initialAddresses={data.addresses} provinces={data.provinces} />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
