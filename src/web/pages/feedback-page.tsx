import { useState } from 'react';
import type { ComplainableOrder, ComplaintListData } from '../../contract/complaint.ts';
import { ComplaintForm, type ComplaintPrefill } from '../features/complaint/complaint-form.tsx';
import { ComplaintList, ComplaintTabs } from '../features/complaint/complaint-list.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface FeedbackPageData {
  list: ComplaintListData;
  /** The member's orders that take complaints now, for the form. */
  orders: ComplainableOrder[];
  /** From ?orderNo=…&lineId=… (an order's detail links here). */
  prefill: ComplaintPrefill | null;
  isFormOpen: boolean;
}

/** /user/feedback (members): the new-complaint form (opened by 新建投诉 or a link from an order), tabs by status, the list and pages. */
export function FeedbackPage({ shell, data }: PageProps<FeedbackPageData>) {
  const [isFormOpen, setIsFormOpen] = useState(data.isFormOpen);
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/feedback">
        <section className="person-panel complaints" aria-labelledby="feedback-title">
          <header className="complaints__head">
            <h1 id="feedback-title" className="person-panel__title">
              售后投诉
            </h1>
            {isFormOpen ? null : (
              <a
                className="button button--primary"
                href="/user/feedback?new=1#new"
                onClick={(event) => {
                  event.preventDefault();
                  setIsFormOpen(true);
                }}
              >
                新建投诉
              </a>
            )}
          </header>
          {isFormOpen ? <ComplaintForm orders={data.orders} prefill={data.prefill} onCancel={() => setIsFormOpen(false)} /> : null}
          <ComplaintTabs list={data.list} />
          <ComplaintList list={data.list} />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
