import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brandExportPath, brandLogoKeyPrefix, taxonomyMessages as m, type AdminBrandRow } from '../../../contract/console/taxonomy.ts';
import { categoryDeskCalls } from '../../../contract/console/categories-calls.ts';
import { brandDeskCalls } from '../../../contract/console/brands-calls.ts';
import { categoryDeskRequests } from '../../../contract/console/categories-requests.ts';
import { brandDeskRequests } from '../../../contract/console/brands-requests.ts';
import { contentMessages } from '../../../contract/content.ts';
import { WithMessage } from '../../http/api-route.ts';
import { imageRoutePrefix } from '../images/images.service.ts';
import { registerStaffExport, type StaffExportColumn } from '../staff/grid-query.ts';
import { registerStaffCalls } from '../staff/staff-api-route.ts';
import type { StaffSessionDeps } from '../staff/staff-session.ts';
import { openBrandLogo, storeBrandLogo } from './brand-logo.service.ts';
import { createBrand, deleteBrand, deleteBrands, exportBrandsForDesk, listBrandsForDesk, updateBrand } from './brand-desk.service.ts';
import {
  createCategory,
  createGroup,
  deleteCategory,
  deleteGroup,
  loadCategoryDesk,
  moveCategory,
  renameCategory,
  renameGroup,
  reorderCategory,
  reorderGroup,
  setCategoryGroup,
  setCategoryHidden,
} from './category-desk.service.ts';

const brandExportColumns: StaffExportColumn<AdminBrandRow>[] = [
  { header: '品牌ID', value: (row) => row.id },
  { header: '英文名', value: (row) => row.nameEn },
  { header: '中文名', value: (row) => row.nameCn },
  { header: '首字母', value: (row) => row.initial },
  { header: '国家/地区', value: (row) => row.country },
  { header: '官网', value: (row) => row.website },
  { header: '商品数', value: (row) => row.productCount },
];

export function registerCategoryDeskRoutes(app: FastifyInstance, deps: StaffSessionDeps) {
  const db = deps.db;
  registerStaffCalls(app, categoryDeskCalls, categoryDeskRequests, {
    tree: () => loadCategoryDesk(db),
    create: async ({ body, actor }) =>
      new WithMessage(await createCategory(db, actor, { name: body.name, parentId: body.parentId, groupId: body.groupId }), m.created),
    rename: async ({ body, actor }) => new WithMessage(await renameCategory(db, actor, body.categoryId, body.name), m.saved),
    move: async ({ body, actor }) => new WithMessage(await moveCategory(db, actor, body.categoryId, body.parentId), m.moved),
    reorder: ({ body, actor }) => reorderCategory(db, actor, body.categoryId, body.direction),
    setHidden: async ({ body, actor }) =>
      new WithMessage(await setCategoryHidden(db, actor, body.categoryId, body.isHidden), body.isHidden ? m.hidden : m.shown),
    setGroup: async ({ body, actor }) => new WithMessage(await setCategoryGroup(db, actor, body.categoryId, body.groupId), m.saved),
    delete: async ({ body, actor }) => {
      await deleteCategory(db, actor, body.categoryId);
      return new WithMessage(null, m.deleted);
    },
    createGroup: async ({ body, actor }) => new WithMessage(await createGroup(db, actor, body.name), m.created),
    renameGroup: async ({ body, actor }) => new WithMessage(await renameGroup(db, actor, body.groupId, body.name), m.saved),
    reorderGroup: ({ body, actor }) => reorderGroup(db, actor, body.groupId, body.direction),
    deleteGroup: async ({ body, actor }) => {
      await deleteGroup(db, actor, body.groupId);
      return new WithMessage(null, m.deleted);
    },
  });
}

export function registerBrandDeskRoutes(app: FastifyInstance, deps: StaffSessionDeps) {
  const db = deps.db;
  const imageBaseUrl = deps.config.imageBaseUrl;
  registerStaffCalls(app, brandDeskCalls, brandDeskRequests, {
    list: ({ body }) => listBrandsForDesk(db, imageBaseUrl, body),
    create: async ({ body, actor }) => new WithMessage(await createBrand(db, imageBaseUrl, actor, body), m.created),
    update: async ({ body, actor }) => {
      const { brandId, ...fields } = body;
      return new WithMessage(await updateBrand(db, imageBaseUrl, actor, brandId, fields), m.saved);
    },
    delete: async ({ body, actor }) => {
      await deleteBrand(db, actor, body.brandId);
      return new WithMessage(null, m.deleted);
    },
    bulkDelete: ({ body, actor }) => deleteBrands(db, actor, body.brandIds),
    uploadLogo: async ({ body }) => new WithMessage(await storeBrandLogo(deps.config, body.dataBase64), m.uploaded),
  });
  registerStaffExport(app, {
    path: brandExportPath,
    permission: { action: 'export', subject: 'Brand' },
    schema: brandDeskRequests.list,
    fileName: '品牌列表',
    columns: brandExportColumns,
    load: (query) => exportBrandsForDesk(db, imageBaseUrl, query),
  });
}

/** GET {image base}brandlogo/<random>.webp, in the shop's scope: the stored logos, public and never changing under a key, served without cookies. */
export function registerBrandLogoImages(app: FastifyInstance, deps: StaffSessionDeps) {
  const prefix = imageRoutePrefix(deps.config.imageBaseUrl);
  const withoutCookies = {
    onSend: async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.removeHeader('set-cookie');
      return payload;
    },
  };
  app.get<{ Params: { file: string } }>(`${prefix}${brandLogoKeyPrefix}:file`, withoutCookies, async (request, reply) => {
    const file = await openBrandLogo(deps.config, `${brandLogoKeyPrefix}${request.params.file}`);
    if (!file) return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(contentMessages.pictureMissing);
    return reply
      .type('image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.bytes)
      .send(file.stream);
  });
}
