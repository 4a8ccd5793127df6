import type { Address, Division } from './address.ts';
import type { addressRequests, divisionRequests } from './address-requests.ts';
import { memberCall, publicCall } from './call.ts';

type DivisionRequests = typeof divisionRequests;
type AddressRequests = typeof addressRequests;

/** Spec §7 /common/api/…: the address cascade, one level at a time; anyone may ask. */
export const divisionCalls = {
  getProvinceList: publicCall<DivisionRequests['getProvinceList'], Division[]>('/common/api/getProvinceList'),
  /** {areaParentCode}: a province's cities or a city's districts; an unknown code answers address.divisionNotFound. */
  queryDistrictList: publicCall<DivisionRequests['queryDistrictList'], Division[]>('/common/api/queryDistrictList'),
};

/** /user/api/address/…: the member's address book (members only). */
export const addressCalls = {
  /** The default address first, then the newest. */
  list: memberCall<AddressRequests['list'], Address[]>('/user/api/address/list'),
  /** The saved address. */
  save: memberCall<AddressRequests['save'], Address>('/user/api/address/save'),
  /** The address book after the deletion. */
  delete: memberCall<AddressRequests['delete'], Address[]>('/user/api/address/delete'),
  /** The address book with its new default. */
  setDefault: memberCall<AddressRequests['setDefault'], Address[]>('/user/api/address/setDefault'),
};
