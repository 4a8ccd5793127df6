import type { Kysely } from 'kysely';
import type { AdminCategory, AdminCategoryGroup, CategoryDeskState } from '../../../contract/console/taxonomy.ts';
import type { Database } from '../../db/database.ts';
import type { AlongsideChange } from '../../db/transaction.ts';
import {
  createCategory as createCatalogCategory,
  createGroup as createCatalogGroup,
  deleteCategory as deleteCatalogCategory,
  deleteGroup as deleteCatalogGroup,
  loadCategoryTreeForStaff,
  moveCategory as moveCatalogCategory,
  renameCategory as renameCatalogCategory,
  renameGroup as renameCatalogGroup,
  reorderCategory as reorderCatalogCategory,
  reorderGroup as reorderCatalogGroup,
  setCategoryGroup as setCatalogCategoryGroup,
  setCategoryHidden as setCatalogCategoryHidden,
  type Direction,
  type ReorderChange,
  type TaxonomyChange,
} from '../catalog/category-staff.service.ts';
import { recordStaffChange } from '../staff/audit.service.ts';
import type { StaffActor } from '../staff/staff-desk.service.ts';

export type { Direction } from '../catalog/category-staff.service.ts';

/**
 * 分类管理: the catalogue's category tree changed through catalog/category-staff.service.ts, each
 * change with its audit entry in the change's transaction.
 */

/** The audit's subject id of a menu group: apart from the categories' ids. */
const groupSubjectId = (id: number) => `group:${id}`;

function audited<T extends { id: number }>(actor: StaffActor, action: string, subjectId: (id: number) => string | number): AlongsideChange<TaxonomyChange<T>> {
  return async (trx, { before, after }) => {
    await recordStaffChange(trx, { ...actor, action, subject: 'Category', subjectId: subjectId(after?.id ?? before?.id ?? 0), before, after });
  };
}

const categoryAudit = (actor: StaffActor, action: string) => audited<AdminCategory>(actor, action, (id) => id);
const groupAudit = (actor: StaffActor, action: string) => audited<AdminCategoryGroup>(actor, action, groupSubjectId);

function reorderAudit(actor: StaffActor, action: string, subjectId: string | number): AlongsideChange<ReorderChange> {
  return async (trx, { before, after, sort }) => {
    await recordStaffChange(trx, {
      ...actor,
      action,
      subject: 'Category',
      subjectId,
      before: { order: before },
      after: sort === undefined ? { order: after } : { order: after, sort },
    });
  };
}

export const loadCategoryDesk = (db: Kysely<Database>): Promise<CategoryDeskState> => loadCategoryTreeForStaff(db);

/** A new category: under a first-level parent (second level), or at the top, optionally in a menu group. */
export function createCategory(
  db: Kysely<Database>,
  actor: StaffActor,
  input: { name: string; parentId: number | null; groupId?: number | null | undefined },
): Promise<AdminCategory> {
  return createCatalogCategory(db, input, categoryAudit(actor, 'create'));
}

export function renameCategory(db: Kysely<Database>, actor: StaffActor, categoryId: number, name: string): Promise<AdminCategory> {
  return renameCatalogCategory(db, categoryId, name, categoryAudit(actor, 'rename'));
}

export function moveCategory(db: Kysely<Database>, actor: StaffActor, categoryId: number, parentId: number | null): Promise<AdminCategory> {
  return moveCatalogCategory(db, categoryId, parentId, categoryAudit(actor, 'move'));
}

export async function reorderCategory(db: Kysely<Database>, actor: StaffActor, categoryId: number, direction: Direction): Promise<CategoryDeskState> {
  await reorderCatalogCategory(db, categoryId, direction, reorderAudit(actor, 'reorder', categoryId));
  return loadCategoryDesk(db);
}

export function setCategoryHidden(db: Kysely<Database>, actor: StaffActor, categoryId: number, isHidden: boolean): Promise<AdminCategory> {
  return setCatalogCategoryHidden(db, categoryId, isHidden, categoryAudit(actor, isHidden ? 'hide' : 'show'));
}

export function setCategoryGroup(db: Kysely<Database>, actor: StaffActor, categoryId: number, groupId: number | null): Promise<AdminCategory> {
  return setCatalogCategoryGroup(db, categoryId, groupId, categoryAudit(actor, 'setGroup'));
}

export async function deleteCategory(db: Kysely<Database>, actor: StaffActor, categoryId: number): Promise<void> {
  await deleteCatalogCategory(db, categoryId, categoryAudit(actor, 'delete'));
}

export function createGroup(db: Kysely<Database>, actor: StaffActor, name: string): Promise<AdminCategoryGroup> {
  return createCatalogGroup(db, name, groupAudit(actor, 'createGroup'));
}

export function renameGroup(db: Kysely<Database>, actor: StaffActor, groupId: number, name: string): Promise<AdminCategoryGroup> {
  return renameCatalogGroup(db, groupId, name, groupAudit(actor, 'renameGroup'));
}

export async function reorderGroup(db: Kysely<Database>, actor: StaffActor, groupId: number, direction: Direction): Promise<CategoryDeskState> {
  await reorderCatalogGroup(db, groupId, direction, reorderAudit(actor, 'reorderGroup', groupSubjectId(groupId)));
  return loadCategoryDesk(db);
}

export async function deleteGroup(db: Kysely<Database>, actor: StaffActor, groupId: number): Promise<void> {
  await deleteCatalogGroup(db, groupId, groupAudit(actor, 'deleteGroup'));
}
