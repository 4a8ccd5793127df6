import type { AdminCategory, AdminCategoryGroup, CategoryDeskState } from './taxonomy.ts';
import type { categoryDeskRequests } from './categories-requests.ts';
import { staffCall } from '../staff-calls.ts';

type CategoryRequests = typeof categoryDeskRequests;
const readCategory = { action: 'read', subject: 'Category' } as const;
const createCategory = { action: 'create', subject: 'Category' } as const;
const updateCategory = { action: 'update', subject: 'Category' } as const;
const deleteCategory = { action: 'delete', subject: 'Category' } as const;

/** /admin/api/categories/…: 分类管理; every change audited, the shop's menu following within a second. */
export const categoryDeskCalls = {
  tree: staffCall<CategoryRequests['tree'], CategoryDeskState>('/admin/api/categories/tree', readCategory),
  create: staffCall<CategoryRequests['create'], AdminCategory>('/admin/api/categories/create', createCategory),
  rename: staffCall<CategoryRequests['rename'], AdminCategory>('/admin/api/categories/rename', updateCategory),
  move: staffCall<CategoryRequests['move'], AdminCategory>('/admin/api/categories/move', updateCategory),
  reorder: staffCall<CategoryRequests['reorder'], CategoryDeskState>('/admin/api/categories/reorder', updateCategory),
  setHidden: staffCall<CategoryRequests['setHidden'], AdminCategory>('/admin/api/categories/setHidden', updateCategory),
  setGroup: staffCall<CategoryRequests['setGroup'], AdminCategory>('/admin/api/categories/setGroup', updateCategory),
  delete: staffCall<CategoryRequests['delete'], null>('/admin/api/categories/delete', deleteCategory),
  createGroup: staffCall<CategoryRequests['createGroup'], AdminCategoryGroup>('/admin/api/categories/createGroup', createCategory),
  renameGroup: staffCall<CategoryRequests['renameGroup'], AdminCategoryGroup>('/admin/api/categories/renameGroup', updateCategory),
  reorderGroup: staffCall<CategoryRequests['reorderGroup'], CategoryDeskState>('/admin/api/categories/reorderGroup', updateCategory),
  deleteGroup: staffCall<CategoryRequests['deleteGroup'], null>('/admin/api/categories/deleteGroup', deleteCategory),
};
