import type { ProductParam, ProductSummary } from '../../../contract/catalog.ts';

/** 规格参数: the maker's code and name, the package (unless a parameter gives it), every parameter, the description. */
export function ParamTable({ product, params }: { product: ProductSummary; params: ProductParam[] }) {
  return (
    <table className="param-table">
      <tbody>
        <tr>
          <th scope="row">制造商型号</th>
          <td>{product.code}</td>
        </tr>
        <tr>
          <th scope="row">制造商</th>
          <td>{product.brandName}</td>
        </tr>
        {!params.some((param) => param.name === '封装') && (
          <tr>
            <th scope="row">封装</th>
            <td>{product.package}</td>
          </tr>
        )}
        {params.map((param) => (
          <tr key={param.attributeId}>
            <th scope="row">{param.name}</th>
            <td>{param.valueText}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">描述</th>
          <td>{product.description}</td>
        </tr>
      </tbody>
    </table>
  );
}
