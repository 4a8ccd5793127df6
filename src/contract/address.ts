import { ResultCode } from './envelope.ts';
import { defineErrors } from './errors.ts';
import { firstProblem, isLandline, phoneRule, textRule, type TextRule } from './rules.ts';

/**
 * The member's address book and China's administrative divisions (GB/T 2260): the pure part of
 * the contract, shared by the server and the forms. Request schemas: address-requests.ts.
 */

/** One division of the cascade: a province, a city or a district, by its six-digit GB/T 2260 code. */
export interface Division {
  code: string;
  name: string;
}

export const maxAddresses = 20;
export const addressLimits = { receiver: 20, landline: 20, detailMin: 5, detailMax: 120 } as const;

export interface Address {
  id: number;
  receiver: string;
  /** '' when the member gave only a landline. */
  mobile: string;
  /** '' when the member gave only a mobile. */
  landline: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  detail: string;
  isDefault: boolean;
}

/** What a member fills in: the names of the divisions come from their codes. */
export interface AddressFields {
  receiver: string;
  mobile: string;
  landline: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  detail: string;
}

export const addressMessages = {
  saved: '收货地址已保存',
  deleted: '收货地址已删除',
  defaultSet: '已设为默认地址',
} as const;

export const addressErrors = defineErrors('address', {
  /** Unknown, or another member's: the same answer, so ids reveal nothing. */
  notFound: { code: ResultCode.notFound, msg: '收货地址不存在' },
  full: { code: ResultCode.badRequest, msg: `最多可保存${maxAddresses}个收货地址，请先删除不用的地址` },
  /** Codes that are not a province, one of its cities and one of that city's districts. */
  regionInvalid: { code: ResultCode.badRequest, msg: '所选地区有误，请重新选择省、市、区' },
  /** queryDistrictList of a code that has no children in the cascade. */
  divisionNotFound: { code: ResultCode.notFound, msg: '地区不存在，请重新选择' },
});

/** Single-line text as stored: runs of whitespace (a pasted line break) become one space, ends trimmed. */
export function cleanLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** Length in characters (a rare character outside the BMP counts once). */
export function charCount(value: string): number {
  return Array.from(value).length;
}

/** A single-line text of `min`-`max` characters after cleanLine. */
export function lineRule(missingMessage: string, min: number, max: number, lengthMessage: string): TextRule {
  return textRule(missingMessage, (value) => {
    const length = charCount(cleanLine(value));
    if (length === 0) return missingMessage;
    return length < min || length > max ? lengthMessage : '';
  });
}

/** A rule for a field that may be left empty: '' passes, anything else meets `rule`. */
export function optionalRule(rule: TextRule): TextRule {
  return textRule(rule.missingMessage, (value) => (value === '' ? '' : rule.check(value)));
}

export const receiverRule = lineRule('请输入收货人姓名', 1, addressLimits.receiver, `收货人姓名不能超过${addressLimits.receiver}个字`);
export const addressDetailRule = lineRule(
  '请输入详细地址',
  addressLimits.detailMin,
  addressLimits.detailMax,
  `详细地址为${addressLimits.detailMin}-${addressLimits.detailMax}个字`,
);
/** Spec §5 landline (digits with an optional single dash or space), at most 20 characters. */
export const addressLandlineRule = textRule('请输入固定电话', (value) =>
  isLandline(value) && value.length <= addressLimits.landline ? '' : '请输入正确的固定电话，如 0755-83998888',
);
export const addressMobileRule = optionalRule(phoneRule);
export const optionalLandlineRule = optionalRule(addressLandlineRule);

export const contactMissingMessage = '手机号码和固定电话至少填写一项';
export const divisionPrompts = { province: '请选择省份', city: '请选择城市', district: '请选择区县' } as const;

export type AddressFieldName = keyof AddressFields;

/** What the form shows beside each field ('' when the field is fine); the server checks the same rules. */
export function addressFieldProblems(fields: AddressFields): Record<AddressFieldName, string> {
  const mobile = fields.mobile.trim();
  const landline = fields.landline.trim();
  const isContactMissing = mobile === '' && landline === '';
  return {
    receiver: receiverRule.check(fields.receiver),
    mobile: isContactMissing ? contactMissingMessage : addressMobileRule.check(mobile),
    landline: isContactMissing ? '' : optionalLandlineRule.check(landline),
    provinceCode: fields.provinceCode ? '' : divisionPrompts.province,
    cityCode: fields.cityCode ? '' : divisionPrompts.city,
    districtCode: fields.districtCode ? '' : divisionPrompts.district,
    detail: addressDetailRule.check(fields.detail),
  };
}

/** The first problem of the form in field order, or ''. */
export function addressFormProblem(fields: AddressFields): string {
  return firstProblem(...Object.values(addressFieldProblems(fields)));
}

/** 广东省 深圳市 福田区 华强北路1号: how an address reads on a card, a label or an order. */
export function fullAddressOf(address: Pick<Address, 'provinceName' | 'cityName' | 'districtName' | 'detail'>): string {
  // A municipality's city level repeats the province (北京市 北京市): it is said once.
  const region = address.cityName === address.provinceName ? [address.provinceName] : [address.provinceName, address.cityName];
  if (address.districtName !== address.cityName) region.push(address.districtName);
  return `${region.join(' ')} ${address.detail}`;
}

/** The phone an address shows: the mobile, else the landline. */
export function contactPhoneOf(address: Pick<Address, 'mobile' | 'landline'>): string {
  return address.mobile || address.landline;
}
