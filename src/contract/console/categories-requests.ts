import { z } from 'zod';
import { categoryNameMax, groupNameMax, taxonomyMessages as m } from './taxonomy.ts';

// Ids are PostgreSQL integers: a larger number names no row (and must not reach the database).
const id = z.number(m.idInvalid).int(m.idInvalid).positive(m.idInvalid).max(2_147_483_647, m.idInvalid);
const nullableId = id.nullable();
const direction = z.enum(['up', 'down'], m.idInvalid);
const categoryName = z.string(m.categoryNameRequired).trim().min(1, m.categoryNameRequired).max(categoryNameMax, m.categoryNameTooLong);
const groupName = z.string(m.groupNameRequired).trim().min(1, m.groupNameRequired).max(groupNameMax, m.groupNameTooLong);

/** 分类管理: the tree, its changes, and the menu groups. */
export const categoryDeskRequests = {
  tree: z.object({}),
  create: z.object({ name: categoryName, parentId: nullableId, groupId: nullableId.optional() }),
  rename: z.object({ categoryId: id, name: categoryName }),
  /** parentId null: a first-level category. */
  move: z.object({ categoryId: id, parentId: nullableId }),
  reorder: z.object({ categoryId: id, direction }),
  setHidden: z.object({ categoryId: id, isHidden: z.boolean(m.idInvalid) }),
  setGroup: z.object({ categoryId: id, groupId: nullableId }),
  delete: z.object({ categoryId: id }),
  createGroup: z.object({ name: groupName }),
  renameGroup: z.object({ groupId: id, name: groupName }),
  reorderGroup: z.object({ groupId: id, direction }),
  deleteGroup: z.object({ groupId: id }),
};
