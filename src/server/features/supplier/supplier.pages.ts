import { loginPath } from '../../../contract/account.ts';
import { supplierPaths, type SupplierPageData } from '../../../contract/supplier.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { SupplierPage } from '../../../web/pages/supplier-page.tsx';
import { supplierCategoryChoices, type CategorySource } from './supplier.service.ts';

/** /serve/supplier: the onboarding information for everyone, the form for members, the progress lookup for anyone. */
export function supplierPages(deps: ServiceDeps, categories: CategorySource): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: supplierPaths.page,
      entry: 'supplier',
      component: SupplierPage,
      async load({ userId }) {
        const data: SupplierPageData = {
          isLoggedIn: userId !== null,
          categories: await supplierCategoryChoices(categories),
          loginUrl: loginPath(supplierPaths.page),
        };
        return {
          title: `供应商入驻 - ${siteName}`,
          description: `成为${siteName}供应商：原厂、代理商与分销商在线提交入驻申请，上传营业执照与代理证，3个工作日内完成审核，审核进度凭手机号随时查询。`,
          data,
        };
      },
    }),
  ];
}
