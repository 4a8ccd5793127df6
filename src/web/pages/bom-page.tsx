import type { BomPageData } from '../../contract/bom.ts';
import { PageShell } from '../shell/page-shell.tsx';
import type { PageProps } from './page-props.ts';

/** /bom (BOM配单): upload or paste a BOM, correct the column mapping, match, choose, optimise, add to the cart, save, quote. */
export function BomPage({ shell }: PageProps<BomPageData>) {
  return (
    <PageShell shell={shell}>
      <h1>BOM配单</h1>
    </PageShell>
  );
}
