import { z } from 'zod';
import { bomColumnRoles, bomLimits, bomMessages, type BomColumnMapping } from './bom.ts';
import { recordIdField } from './content-requests.ts';

/** The request schemas of bomCalls. The browser imports this file for types only. */

const cellSchema = z.string({ error: bomMessages.rowsInvalid }).max(bomLimits.cellCharsMax, bomMessages.rowsInvalid);
const rowSchema = z.array(cellSchema, { error: bomMessages.rowsInvalid }).max(bomLimits.columnsMax, bomMessages.rowsInvalid);

const columnIndex = z
  .number({ error: bomMessages.mappingInvalid })
  .int(bomMessages.mappingInvalid)
  .min(0, bomMessages.mappingInvalid)
  .max(bomLimits.columnsMax - 1, bomMessages.mappingInvalid);

const mappingSchema = z
  .record(z.string(), columnIndex, { error: bomMessages.mappingInvalid })
  .refine((mapping) => Object.keys(mapping).every((role) => (bomColumnRoles as readonly string[]).includes(role)), bomMessages.mappingInvalid)
  .transform((mapping) => mapping as BomColumnMapping);

const optionsSchema = z.object(
  {
    boards: z
      .number({ error: bomMessages.boardsInvalid })
      .int(bomMessages.boardsInvalid)
      .min(1, bomMessages.boardsInvalid)
      .max(bomLimits.boardsMax, bomMessages.boardsInvalid),
    sparePercent: z
      .number({ error: bomMessages.spareInvalid })
      .int(bomMessages.spareInvalid)
      .min(0, bomMessages.spareInvalid)
      .max(bomLimits.sparePercentMax, bomMessages.spareInvalid),
    mergeDuplicates: z.boolean({ error: bomMessages.rowsInvalid }),
  },
  { error: bomMessages.rowsInvalid },
);

/** A sheet as the browser sends it back: its header, rows and the (possibly corrected) mapping. */
const sheetSchema = z.object(
  {
    fileName: z.string({ error: bomMessages.rowsInvalid }).max(200, bomMessages.rowsInvalid),
    sheetName: z.string({ error: bomMessages.rowsInvalid }).max(200, bomMessages.rowsInvalid),
    headerRowIndex: z.number({ error: bomMessages.rowsInvalid }).int(bomMessages.rowsInvalid).min(-1, bomMessages.rowsInvalid),
    headers: rowSchema.min(1, bomMessages.rowsInvalid),
    rows: z
      .array(rowSchema, { error: bomMessages.rowsInvalid })
      .min(1, bomMessages.fileEmpty)
      // Title, note and empty rows ride along with the part lines; the service counts part lines.
      .max(bomLimits.partLinesMax * 2, bomMessages.tooManyLines),
    mapping: mappingSchema,
  },
  { error: bomMessages.rowsInvalid },
);

const choiceSchema = z.object({
  lineNo: z.number({ error: bomMessages.choicesInvalid }).int(bomMessages.choicesInvalid).min(1, bomMessages.choicesInvalid),
  productId: recordIdField(bomMessages.choicesInvalid),
  quantity: z
    .number({ error: bomMessages.choicesInvalid })
    .int(bomMessages.choicesInvalid)
    .min(0, bomMessages.choicesInvalid)
    .max(1_000_000, bomMessages.choicesInvalid),
});

const bomIdSchema = recordIdField('BOM 不存在或已删除');

function nameSchema() {
  return z
    .string({ error: bomMessages.nameMissing })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, bomMessages.nameMissing).max(bomLimits.nameMax, bomMessages.nameTooLong));
}

export const bomRequests = {
  parseText: z.object({ text: z.string({ error: bomMessages.pasteEmpty }).max(bomLimits.pasteCharsMax, bomMessages.pasteTooLong) }),
  match: z.object({
    sheet: sheetSchema,
    options: optionsSchema,
    /** The buyer corrected the mapping: a member's correction is remembered for the same header. */
    rememberMapping: z.boolean().optional().default(false),
  }),
  save: z.object({
    /** Absent: a new BOM; present: the member's BOM is replaced. */
    bomId: bomIdSchema.optional(),
    name: nameSchema(),
    sheet: sheetSchema,
    options: optionsSchema,
    choices: z.array(choiceSchema, { error: bomMessages.choicesInvalid }).max(bomLimits.partLinesMax, bomMessages.choicesInvalid),
  }),
  list: z.object({
    page: z.coerce.number({ error: '页码有误' }).int('页码有误').min(1, '页码有误').max(10_000, '页码有误').optional().default(1),
  }),
  detail: z.object({ bomId: bomIdSchema }),
  delete: z.object({ bomId: bomIdSchema }),
  addToCart: z.object({
    items: z
      .array(choiceSchema, { error: bomMessages.choicesInvalid })
      .min(1, bomMessages.nothingToAdd)
      .max(bomLimits.cartLinesMax, bomMessages.tooManyCartLines),
  }),
};
