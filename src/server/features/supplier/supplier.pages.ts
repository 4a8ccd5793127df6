import { loginPath } from '../../../contract/account.ts';
import { supplierPaths, type SupplierPageData } from '../../../contract/supplier.ts';
import { companyProseSlugs } from '../../../contract/help.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { SupplierPage } from '../../../web/pages/supplier-page.tsx';
import { loadCompanyProse } from '../help/help.service.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { supplierCategoryChoices, type CategorySource } from './supplier.service.ts';

const supplierProseSlugs = {
  intro: companyProseSlugs.supplierIntro,
  reasons: companyProseSlugs.supplierReasons,
  requirements: companyProseSlugs.supplierRequirements,
  steps: companyProseSlugs.supplierSteps,
} as const;

/** /serve/supplier: the onboarding information for everyone, the form for members, the progress lookup for anyone. */
export function supplierPages(deps: ServiceDeps, categories: CategorySource): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: supplierPaths.page,
      entry: 'supplier',
      component: SupplierPage,
      async load({ userId }) {
        const siteFacts = await siteFactsOf(deps).load();
        const [choices, prose] = await Promise.all([supplierCategoryChoices(categories), loadCompanyProse(deps.db, supplierProseSlugs, siteFacts)]);
        const data: SupplierPageData = {
          isLoggedIn: userId !== null,
          categories: choices,
          loginUrl: loginPath(supplierPaths.page),
          prose,
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
