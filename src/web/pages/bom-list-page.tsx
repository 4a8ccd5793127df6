import type { BomListData } from '../../contract/bom.ts';
import { BomList } from '../features/bom/bom-list.tsx';
import { MemberCentreLayout } from '../features/member/member-centre-layout.tsx';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

export interface BomListPageData {
  list: BomListData;
}

/** /user/bom (members): the saved BOMs — open in the tool, export to Excel or PDF, delete. */
export function BomListPage({ shell, data }: PageProps<BomListPageData>) {
  return (
    <PageShell shell={shell}>
      <MemberCentreLayout current="/user/bom">
        <section className="person-panel" aria-labelledby="bom-list-title">
          <header className="bom-list-head">
            <h1 id="bom-list-title" className="person-panel__title">
              我的BOM
            </h1>
            <a className="button button--primary" href="/bom">
              新建BOM配单
            </a>
          </header>
          <BomList list={data.list} />
        </section>
      </MemberCentreLayout>
    </PageShell>
  );
}
