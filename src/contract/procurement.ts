import { textRule, type TextRule } from './rules.ts';

/**
 * Procurement references for company buyers (issue 28): the buyer's purchase order number (采购订单号)
 * on an order, and the buyer's own part number (客户料号) on a cart or order line, remembered per
 * member and part. Both are optional single lines of visible characters; '' means none.
 */

export const procurementLimits = {
  poNumber: 40,
  customerPartNo: 40,
} as const;

export const procurementLabels = {
  poNumber: '采购订单号',
  customerPartNo: '客户料号',
} as const;

/** Control, format, private-use and unassigned characters, and line or paragraph separators: none shows as itself on a PDF or a sheet. */
const unprintable = /[\p{C}\p{Zl}\p{Zp}]/u;

/** True when every character shows as itself (letters, digits, punctuation, CJK, spaces). */
export function isPrintableText(value: string): boolean {
  return !unprintable.test(value);
}

function optionalLineRule(label: string, max: number): TextRule {
  return textRule(`${label}格式有误`, (value) => {
    // Characters, not UTF-16 units: a rare character outside the BMP counts once (as address.ts charCount).
    if (Array.from(value).length > max) return `${label}不能超过${String(max)}个字符`;
    return isPrintableText(value) ? '' : `${label}只能包含可见字符，不能含换行、制表符等`;
  });
}

/** 采购订单号: optional, at most 40 visible characters after trimming. */
export const poNumberRule = optionalLineRule(procurementLabels.poNumber, procurementLimits.poNumber);

/** 客户料号: optional, at most 40 visible characters after trimming. */
export const customerPartNoRule = optionalLineRule(procurementLabels.customerPartNo, procurementLimits.customerPartNo);
