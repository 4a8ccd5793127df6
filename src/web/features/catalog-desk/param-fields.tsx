import type { ProductFormOptions } from '../../../contract/console/products.ts';

type Attribute = ProductFormOptions['categories'][number]['attributes'][number];

/** The parameters the category's parametric selection filters by; numeric ones with their unit (10kΩ, 100nF, 3.3V). */
export function ParamFields({
  attributes,
  values,
  isReadOnly,
  onChange,
}: {
  attributes: readonly Attribute[];
  values: Readonly<Record<string, string>>;
  isReadOnly: boolean;
  onChange: (attributeId: number, value: string) => void;
}) {
  return (
    <fieldset className="catalog-desk__fieldset">
      <legend>参数（选型筛选项）</legend>
      {attributes.length === 0 && <p className="catalog-desk__hint">请先选择二级分类；该分类没有筛选参数时可不填。</p>}
      <div className="catalog-desk__grid">
        {attributes.map((attribute) => (
          <label key={attribute.id} className="catalog-desk__field">
            <span>
              {attribute.name}
              {attribute.unit ? `（${attribute.unit}）` : ''}
            </span>
            <input
              value={values[String(attribute.id)] ?? ''}
              maxLength={64}
              placeholder={attribute.valueKind === 'number' ? `如 10k${attribute.unit ?? ''}` : ''}
              disabled={isReadOnly}
              onChange={(event) => onChange(attribute.id, event.target.value)}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
