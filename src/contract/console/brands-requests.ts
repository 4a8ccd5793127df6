import { z } from 'zod';
import { brandInitials, brandIntroMax, brandLogoMaxBytes, brandNameMax, brandSortColumns, brandWebsiteMax, taxonomyMessages as m } from './taxonomy.ts';
import { gridBulkMax } from '../staff-grid.ts';
import { gridFlagFilter, gridQuerySchema, gridTextFilter } from '../staff-grid-requests.ts';

// Ids are PostgreSQL integers: a larger number names no row (and must not reach the database).
const id = z.number(m.idInvalid).int(m.idInvalid).positive(m.idInvalid).max(2_147_483_647, m.idInvalid);

const website = z
  .string(m.websiteInvalid)
  .trim()
  .max(brandWebsiteMax, m.websiteTooLong)
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+\.[^\s]+$/i.test(value), m.websiteInvalid);

const brandFields = {
  nameEn: z.string(m.brandNameRequired).trim().min(1, m.brandNameRequired).max(brandNameMax, m.brandNameTooLong),
  nameCn: z.string(m.brandNameCnTooLong).trim().max(brandNameMax, m.brandNameCnTooLong).default(''),
  /** '' or absent: taken from the name (its pinyin for a Chinese name). */
  initial: z.union([z.literal(''), z.enum(brandInitials, m.initialInvalid)], m.initialInvalid).default(''),
  /** '' for none, or a key uploadLogo answered (or the brand's own logo, unchanged). */
  logoPath: z.string(m.logoInvalid).max(200, m.logoInvalid).default(''),
  intro: z.string(m.introTooLong).trim().max(brandIntroMax, m.introTooLong).default(''),
  website: website.default(''),
  country: z.string(m.idInvalid).trim().max(32, m.idInvalid).default(''),
};

/** 品牌管理: a data grid and the brand form. */
export const brandDeskRequests = {
  list: gridQuerySchema(brandSortColumns, {
    name: gridTextFilter(),
    initial: z.enum(brandInitials, m.initialInvalid).optional(),
    hasProducts: gridFlagFilter,
  }),
  create: z.object(brandFields),
  update: z.object({ brandId: id, ...brandFields }),
  delete: z.object({ brandId: id }),
  /** The grid's 批量删除: each brand as delete does it; one with parts is reported, the others deleted. */
  bulkDelete: z.object({ brandIds: z.array(id, m.brandsMissing).min(1, m.brandsMissing).max(gridBulkMax, m.brandsTooMany) }),
  /** The picture's bytes as base64 (the console's calls are JSON); checked by content on the server. */
  uploadLogo: z.object({
    dataBase64: z
      .string(m.logoMissing)
      .min(1, m.logoMissing)
      .max(Math.ceil((brandLogoMaxBytes * 4) / 3) + 4, m.logoTooLarge),
  }),
};
