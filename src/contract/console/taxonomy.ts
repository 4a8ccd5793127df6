import { gridBulkMax } from '../staff-grid.ts';
import { ResultCode } from '../envelope.ts';
import { defineErrors } from '../errors.ts';
import type { GridPage } from '../staff-grid.ts';
import type { StaffHomePageData } from '../staff.ts';

/** 分类管理 and 品牌管理 of the console (issue 14): the shop's category tree, its menu groups, and the brands. */

export const categoryNameMax = 32;
export const groupNameMax = 16;
export const brandNameMax = 64;
export const brandIntroMax = 2000;
export const brandWebsiteMax = 200;
/** A logo as sent by the console (the file's bytes, base64 in JSON): what a logo needs, far below the body limit. */
export const brandLogoMaxBytes = 512 * 1024;

export const brandInitials = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'N',
  'O',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'W',
  'X',
  'Y',
  'Z',
  '#',
] as const;
export type BrandInitial = (typeof brandInitials)[number];

/** A category as the console edits it: a flat list, the page draws the tree. */
export interface AdminCategory {
  id: number;
  name: string;
  level: 1 | 2;
  parentId: number | null;
  /** The menu group of a first-level category (null: not in the menu). */
  groupId: number | null;
  sort: number;
  isHidden: boolean;
  skuCount: number;
}

export interface AdminCategoryGroup {
  id: number;
  name: string;
  sort: number;
}

export interface CategoryDeskState {
  groups: AdminCategoryGroup[];
  categories: AdminCategory[];
}

export interface CategoryDeskPageData extends StaffHomePageData {
  desk: CategoryDeskState;
}

export interface AdminBrandRow {
  id: number;
  nameEn: string;
  nameCn: string;
  initial: string;
  logoPath: string;
  /** Where the browser loads the logo ('' without one). */
  logoUrl: string;
  intro: string;
  website: string;
  country: string;
  productCount: number;
}

export const brandSortColumns = ['nameEn', 'productCount'] as const;
export type BrandSortColumn = (typeof brandSortColumns)[number];

export interface BrandDeskPageData extends StaffHomePageData {
  initialPage: GridPage<AdminBrandRow>;
}

export interface BrandLogoUploaded {
  logoPath: string;
  logoUrl: string;
}

/** Stored brand logos: `brandlogo/<32 hex>.webp`, made by the console from an uploaded picture. */
export const brandLogoKeyPrefix = 'brandlogo/';
export const brandLogoKeyPattern = /^brandlogo\/[0-9a-f]{32}\.webp$/;

export const taxonomyMessages = {
  categoryNameRequired: '请输入分类名称',
  categoryNameTooLong: `分类名称不能超过${categoryNameMax}个字`,
  groupNameRequired: '请输入分组名称',
  groupNameTooLong: `分组名称不能超过${groupNameMax}个字`,
  brandNameRequired: '请输入品牌名称',
  brandNameTooLong: `品牌名称不能超过${brandNameMax}个字`,
  brandNameCnTooLong: `中文名称不能超过${brandNameMax}个字`,
  initialInvalid: '首字母须为 A–Z 中的一个字母',
  introTooLong: `品牌介绍不能超过${brandIntroMax}个字`,
  websiteInvalid: '官网地址须以 http:// 或 https:// 开头',
  websiteTooLong: `官网地址不能超过${brandWebsiteMax}个字`,
  logoInvalid: '请重新上传品牌 Logo',
  logoMissing: '请选择 Logo 图片',
  logoTooLarge: `Logo 图片不能超过${brandLogoMaxBytes / 1024}KB`,
  idInvalid: '请求参数有误',
  created: '已创建',
  saved: '已保存',
  deleted: '已删除',
  moved: '已移动',
  hidden: '已隐藏',
  shown: '已显示',
  uploaded: 'Logo 已上传',
  confirmDelete: (name: string) => `确定删除“${name}”吗？`,
  hasProducts: (count: number) => `该分类下还有 ${count} 个商品，不能删除`,
  hasChildren: (count: number) => `该分类下还有 ${count} 个子分类，请先移走或删除`,
  groupHasCategories: (count: number) => `该分组下还有 ${count} 个一级分类，请先移到其他分组`,
  brandHasProducts: (count: number) => `该品牌下还有 ${count} 个商品，不能删除`,
  brandsMissing: '请选择品牌',
  brandsTooMany: `一次最多选择${String(gridBulkMax)}个品牌`,
  bulkDeleted: (done: number) => `已删除 ${String(done)} 个品牌`,
  movedChildrenHaveProducts: (count: number) => `该分类下的子分类还有 ${count} 个商品，不能改为二级分类`,
} as const;

export const taxonomyErrors = defineErrors('taxonomy', {
  categoryMissing: { code: ResultCode.notFound, msg: '分类不存在或已删除' },
  groupMissing: { code: ResultCode.notFound, msg: '分组不存在或已删除' },
  brandMissing: { code: ResultCode.notFound, msg: '品牌不存在或已删除' },
  cycle: { code: ResultCode.badRequest, msg: '不能把分类移到它自己或它的子分类下' },
  parentNotFirst: { code: ResultCode.badRequest, msg: '只能移到一级分类下（分类最多两级）' },
  hasChildrenCannotNest: { code: ResultCode.badRequest, msg: '该分类下还有子分类，不能移到其他分类下' },
  productsCannotChangeLevel: { code: ResultCode.badRequest, msg: '该分类下还有商品，不能改变分类级别' },
  groupOnlyForFirst: { code: ResultCode.badRequest, msg: '只有一级分类可以放进导航分组' },
  inUse: { code: ResultCode.conflict, msg: '仍在使用中，不能删除' },
  brandNameTaken: { code: ResultCode.conflict, msg: '该品牌名称已存在' },
  categoryNameTaken: { code: ResultCode.conflict, msg: '同一级下已有同名分类' },
  logoNotImage: { code: ResultCode.badRequest, msg: 'Logo 须为 JPG、PNG 或 WEBP 图片' },
  logoBroken: { code: ResultCode.badRequest, msg: 'Logo 图片已损坏，请换一张' },
});

/** A letter a brand may be listed under (the server derives it from the name when none is given). */
export function isBrandInitial(value: string): value is BrandInitial {
  return (brandInitials as readonly string[]).includes(value);
}

/** The Latin letter a name starts with, upper case, or '' (a Chinese name's letter is its pinyin's: the server finds it). */
export function latinInitialOf(name: string): string {
  const first = name.trim().charAt(0).toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '';
}

/** Paths of the desks' pages. */
export const categoryDeskPath = '/admin/categories';
export const brandDeskPath = '/admin/brands';
/** 品牌管理's Excel export (GET ?q= the grid's filters and sort). */
export const brandExportPath = '/admin/api/brands/export';
