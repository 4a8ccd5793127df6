import { crossReferenceCodeProblem, crossReferencePaths, type CrossReferencePageData } from '../../../contract/cross-reference.ts';
import { canonicalPathOf } from '../../ssr/canonical-path.ts';
import { definePage, type Page } from '../../ssr/page-registry.ts';
import { CrossReferencePage } from '../../../web/features/cross-reference/cross-reference-page.tsx';
import { findCrossReferences, type CrossReferenceContext } from './cross-reference.service.ts';

/** /cross-reference?code=: the form, and the answer for a part number typed in it. */
export function crossReferencePage(context: CrossReferenceContext, siteName: string): Page {
  return definePage({
    path: crossReferencePaths.page,
    entry: 'cross-reference',
    component: CrossReferencePage,
    async load({ query }) {
      const code = (query.code ?? '').trim();
      const problem = code === '' ? '' : crossReferenceCodeProblem(code);
      const data: CrossReferencePageData = { code, problem, result: code === '' || problem ? null : await findCrossReferences(context, code) };
      return {
        title: code && !problem ? `${code} 替代型号 - 型号替代查询 - ${siteName}` : `型号替代查询 - ${siteName}`,
        description: `${siteName}型号替代查询：输入型号，查找同型号的其他包装与品牌、参数相同的替代料和国产替代，逐项列出参数依据。`,
        canonicalPath: canonicalPathOf(crossReferencePaths.page, { code: problem ? '' : code }),
        isNoIndex: code === '' || problem !== '' || data.result?.found === null,
        data,
      };
    },
  });
}
