import { quotationStatusLabels, type QuotationListData } from '../../contract/quotation.ts';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { QuotationCard, QuotationTabs } from '../features/quotation/quotation-list.tsx';
import { quotationListUrl } from '../features/quotation/quotation-urls.ts';
import { Pagination } from '../ui/pagination.tsx';
import { useQuotationActions } from '../features/quotation/use-quotation-actions.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface QuotationPageData {
  list: QuotationListData;
  /** Why an offer could not be checked out (?problem= from the settlement page); '' otherwise. */
  notice: string;
}

/** /user/quotation (members): quotation requests and offers by status; an offer is accepted here and checked out at its prices. */
export function QuotationPage({ shell, data: { list, notice } }: PageProps<QuotationPageData>) {
  const actions = useQuotationActions(list.quotations);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/quotation">
        <section className="person-panel quotations" aria-labelledby="quotation-title">
          <header className="quotations__head">
            <h1 id="quotation-title" className="person-panel__title">
              我的询价
            </h1>
            <a className="button button--primary" href="/bom">
              BOM配单询价
            </a>
          </header>
          {notice ? (
            <p className="quotations__notice" role="alert">
              {notice}
            </p>
          ) : null}
          <QuotationTabs list={list} />
          {actions.quotations.length === 0 ? (
            <div className="quotations__empty">
              <p>{list.status ? `暂无${quotationStatusLabels[list.status]}的询价单` : '您还没有提交过询价'}</p>
              <p>
                上传BOM物料清单，选择需要询价的物料即可提交询价：<a href="/bom">去BOM配单</a>
              </p>
            </div>
          ) : (
            actions.quotations.map((quotation) => (
              <QuotationCard
                key={quotation.id}
                quotation={quotation}
                isBusy={actions.busyId === quotation.id}
                isLocked={actions.busyId !== null}
                onAccept={(id) => void actions.accept(id)}
                onCancel={(id) => void actions.cancel(id)}
              />
            ))
          )}
          <Pagination
            page={list.page}
            total={list.total}
            pageSize={list.pageSize}
            hrefFor={(page) => quotationListUrl({ status: list.status, page })}
            unit="条询价"
          />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
