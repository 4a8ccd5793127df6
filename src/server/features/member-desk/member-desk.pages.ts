import type { ContactDeskPageData, MemberDeskPageData, MemberDetailPageData, SupplierDeskPageData } from '../../../contract/member-desk.ts';
import { AppError } from '../../http/app-error.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import type { Page } from '../../ssr/page-registry.ts';
import { AdminContactMessagesPage } from '../../../web/console/pages/contact-messages-page.tsx';
import { AdminMemberDetailPage } from '../../../web/console/pages/member-detail-page.tsx';
import { AdminMembersPage } from '../../../web/console/pages/members-page.tsx';
import { AdminSupplierApplicationsPage } from '../../../web/console/pages/supplier-applications-page.tsx';
import { defineStaffPage } from '../staff/staff-page.ts';
import { listMembers, listMyMembers, listReps, loadMemberDetail, repViewIfMine } from './member-desk.service.ts';
import { listContactDesk, listSupplierDesk, loadSupplierDesk } from './service-desk.service.ts';
import { gridPageOfUrl } from '../staff/grid-url-query.ts';
import { contactDeskRequests } from '../../../contract/console/contact-desk-requests.ts';
import { memberDeskRequests } from '../../../contract/console/member-desk-requests.ts';
import { supplierDeskRequests } from '../../../contract/console/supplier-desk-requests.ts';

/** An unknown id shows the page's own "not found" state rather than the error page. */
async function nullIfMissing<T>(loading: Promise<T>): Promise<T | null> {
  try {
    return await loading;
  } catch (failure) {
    if (failure instanceof AppError) return null;
    throw failure;
  }
}

function positiveId(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function memberDeskPages(deps: ServiceDeps): Page[] {
  const { db } = deps;
  return [
    defineStaffPage<MemberDeskPageData>({
      path: '/admin/members',
      entry: 'console/members',
      component: AdminMembersPage,
      access: { action: 'read', subject: 'Member' },
      async load({ query, access }) {
        const [initial, reps, myMembers] = await Promise.all([
          gridPageOfUrl(memberDeskRequests.list, query, (request) => listMembers(db, request)),
          listReps(db),
          listMyMembers(db, access.staff),
        ]);
        return { title: '会员管理 - 芯品商城管理后台', isNoIndex: true, data: { ...access, initial, reps: reps.reps, salesStaff: reps.salesStaff, myMembers } };
      },
    }),
    defineStaffPage<MemberDetailPageData>({
      path: '/admin/members/:userId',
      entry: 'console/member-detail',
      component: AdminMemberDetailPage,
      access: { action: 'read', subject: 'Member' },
      async load({ params, access }) {
        const userId = positiveId(params.userId);
        const detail = userId === null ? null : await nullIfMissing(loadMemberDetail(db, userId));
        const repView = detail && userId !== null ? await repViewIfMine(db, access.staff, userId) : null;
        return { title: '会员详情 - 芯品商城管理后台', isNoIndex: true, status: detail ? 200 : 404, data: { ...access, detail, repView } };
      },
    }),
    defineStaffPage<ContactDeskPageData>({
      path: '/admin/contact-messages',
      entry: 'console/contact-messages',
      component: AdminContactMessagesPage,
      access: { action: 'read', subject: 'ContactMessage' },
      async load({ query, access }) {
        const initial = await gridPageOfUrl(contactDeskRequests.list, query, (request) => listContactDesk(db, request), { status: 'new' });
        return { title: '联系留言 - 芯品商城管理后台', isNoIndex: true, data: { ...access, initial } };
      },
    }),
    defineStaffPage<SupplierDeskPageData>({
      path: '/admin/supplier-applications',
      entry: 'console/supplier-applications',
      component: AdminSupplierApplicationsPage,
      access: { action: 'read', subject: 'SupplierApplication' },
      async load({ query, access }) {
        const id = positiveId(query.id);
        const [initial, detail] = await Promise.all([
          gridPageOfUrl(supplierDeskRequests.list, query, (request) => listSupplierDesk(db, request)),
          id === null ? null : nullIfMissing(loadSupplierDesk(deps, id)),
        ]);
        return { title: '供应商审核 - 芯品商城管理后台', isNoIndex: true, data: { ...access, initial, detail } };
      },
    }),
  ];
}
