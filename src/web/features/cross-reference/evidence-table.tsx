import type { EvidenceRow } from '../../../contract/cross-reference.ts';
import { paramVerdictLabels } from '../../../contract/part-compare.ts';

/** 参数 | 原型号 | 替代型号 | 是否一致/更优, one row per recorded parameter. */
export function EvidenceTable({ rows, originalCode, candidateCode }: { rows: readonly EvidenceRow[]; originalCode: string; candidateCode: string }) {
  if (rows.length === 0) return <p className="xref-evidence__none">型号一致，目录未记录可比对的参数</p>;
  return (
    <table className="xref-evidence" data-testid="xref-evidence">
      <caption className="xref-evidence__caption">
        {candidateCode} 与 {originalCode} 的参数对比
      </caption>
      <thead>
        <tr>
          <th scope="col">参数</th>
          <th scope="col">原型号</th>
          <th scope="col">替代型号</th>
          <th scope="col">是否一致/更优</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">{row.name}</th>
            <td>{row.original}</td>
            <td>{row.candidate}</td>
            <td className={`xref-verdict xref-verdict--${row.verdict}`}>{paramVerdictLabels[row.verdict]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
