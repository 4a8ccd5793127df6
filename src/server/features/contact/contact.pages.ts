import { contactPaths } from '../../../contract/contact.ts';
import { companyProseSlugs } from '../../../contract/help.ts';
import type { ServiceDeps } from '../../service-deps.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { ContactPage } from '../../../web/pages/contact-page.tsx';
import { loadCompanyProse } from '../help/help.service.ts';
import { siteFactsOf } from '../site-facts/site-facts.service.ts';
import { loadContactPage } from './contact.service.ts';

const contactProseSlugs = { intro: companyProseSlugs.contactIntro, notes: companyProseSlugs.contactNotes } as const;

/** /contact: the offices and warehouses, the channels of the shell's config info, and the contact form. */
export function contactPages(deps: ServiceDeps): Page[] {
  const siteName = deps.config.siteName;
  return [
    definePage({
      path: contactPaths.page,
      entry: 'contact',
      component: ContactPage,
      async load() {
        const facts = await siteFactsOf(deps).load();
        const [page, prose] = await Promise.all([loadContactPage(deps.db, facts), loadCompanyProse(deps.db, contactProseSlugs, facts)]);
        return {
          title: `联系我们 - ${siteName}`,
          description: `${siteName}的办公与仓库地址、客服热线、QQ、微信与工作时间，以及在线留言：采购咨询、商务合作与售后问题，我们将在1个工作日内回复。`,
          data: { ...page, prose },
        };
      },
    }),
  ];
}
