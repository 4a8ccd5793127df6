import type { Generated } from 'kysely';

export interface AddressesTable {
  id: Generated<number>;
  userId: number;
  receiver: string;
  mobile: string;
  landline: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  detail: string;
  /** 0/1; at most one 1 per member (the addresses_one_default index). */
  isDefault: number;
  createdAt: number;
  updatedAt: number;
}

export interface AddressTables {
  addresses: AddressesTable;
}
