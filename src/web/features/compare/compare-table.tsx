import { productDetailPath } from '../../../contract/catalog.ts';
import { compareHref, type CompareData, type CompareRow } from '../../../contract/compare.ts';
import { initialQuantityOf, isProductOnSale } from '../../../contract/pricing.ts';
import { AddToCartButton } from '../cart/add-to-cart-button.tsx';
import { ProductImage } from '../catalog/product-image.tsx';
import { removeComparedChoice } from './compare-store.ts';

function RowValue({ row, value }: { row: CompareRow; value: string }) {
  if (row.kind !== 'tiers') return <>{value}</>;
  return (
    <>
      {value.split('\n').map((line) => (
        <span key={line} className="compare-table__tier">
          {line}
        </span>
      ))}
    </>
  );
}

interface CompareTableProps {
  data: CompareData;
  isDifferentOnly: boolean;
  qiniuImgAddress: string;
  /** The mobile prefix (/m) on the phone page, so its links stay on the mobile site; '' on the desktop. */
  basePath?: string;
}

/** The parts as columns and their facts and parameters as rows; rows where the parts differ are marked. */
export function CompareTable({ data, isDifferentOnly, qiniuImgAddress, basePath = '' }: CompareTableProps) {
  const ids = data.parts.map((part) => part.productId);
  const rows = isDifferentOnly ? data.rows.filter((row) => row.isDifferent) : data.rows;
  return (
    <table className="compare-table" data-testid="compare-table">
      <thead>
        <tr>
          <th scope="col" className="compare-table__label">
            商品
          </th>
          {data.parts.map((part) => (
            <th key={part.productId} scope="col" className="compare-table__part">
              <ProductImage imagePath={part.imagePath} qiniuImgAddress={qiniuImgAddress} alt={part.code} size={72} />
              <a className="compare-table__code" href={`${basePath}${productDetailPath(part.productId)}`}>
                {part.code}
              </a>
              <a
                className="compare-table__remove"
                href={`${basePath}${compareHref(ids.filter((id) => id !== part.productId))}`}
                onClick={() => removeComparedChoice(part.productId)}
              >
                移除
              </a>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.key}
            className={row.isDifferent ? 'compare-row compare-row--different' : 'compare-row'}
            data-testid="compare-row"
            data-different={row.isDifferent}
          >
            <th scope="row" className="compare-table__label">
              {row.label}
            </th>
            {row.values.map((value, index) => (
              <td key={ids[index] ?? index}>
                <RowValue row={row} value={value} />
              </td>
            ))}
          </tr>
        ))}
        <tr>
          <th scope="row" className="compare-table__label">
            购买
          </th>
          {data.parts.map((part) => (
            <td key={part.productId}>
              {isProductOnSale(part) ? (
                <AddToCartButton
                  productId={part.productId}
                  quantity={initialQuantityOf(part)}
                  packSize={part.packSize}
                  className="button button--accent button--small"
                />
              ) : (
                <span className="compare-table__gone">已下架</span>
              )}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
