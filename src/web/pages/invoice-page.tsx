import type { InvoiceProfile } from '../../contract/invoice.ts';
import { InvoiceProfiles } from '../features/invoice/invoice-profiles.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface InvoicePageData {
  profiles: InvoiceProfile[];
}

/** /user/invoice: the member's invoice profiles (个人/单位普通发票, 增值税专用发票). */
export function InvoicePage({ shell, data }: PageProps<InvoicePageData>) {
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/invoice">
        <section className="person-panel member-page" aria-labelledby="invoice-title">
          <h1 id="invoice-title" className="person-panel__title">
            发票信息
          </h1>
          <InvoiceProfiles initialProfiles={data.profiles} />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
