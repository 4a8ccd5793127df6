import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { notFound } from '../../http/app-error.ts';
import { AddressPage } from '../../../web/pages/address-page.tsx';
import { listAddresses } from './address.service.ts';
import { listProvinces } from './division.service.ts';

/** /user/address: the address book, with the provinces so the form's first select needs no call. */
export function addressPages(deps: ServiceDeps): Page[] {
  return [
    definePage({
      path: '/user/address',
      entry: 'address',
      component: AddressPage,
      isMemberOnly: true,
      async load({ userId }) {
        if (userId === null) throw notFound();
        const addresses = await listAddresses(deps.db, userId);
        return {
          title: `收货地址 - ${deps.config.siteName}`,
          description: `管理在${deps.config.siteName}下单使用的收货地址。`,
          data: { addresses, provinces: listProvinces() },
        };
      },
    }),
  ];
}
