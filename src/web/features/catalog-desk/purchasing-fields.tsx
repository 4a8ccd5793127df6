import { countryNames } from '../../../contract/countries.ts';
import { mslLabels, mslLevels, packagingLabels, packagings, reachLabels, reachStatuses } from '../../../contract/purchasing.ts';
import type { PurchasingDraft } from './purchasing-draft.ts';

type Change = (patch: Partial<PurchasingDraft>) => void;
type FieldName = keyof PurchasingDraft;

const countryOptions = Object.entries(countryNames).map(([code, name]) => ({ value: code, label: `${code} ${name}` }));
const mslOptions = mslLevels.map((level) => ({ value: level, label: mslLabels[level] }));
const packagingOptions = packagings.map((packaging) => ({ value: packaging, label: packagingLabels[packaging] }));
const reachOptions = reachStatuses.map((status) => ({ value: status, label: reachLabels[status] }));

interface FieldProps {
  draft: PurchasingDraft;
  name: FieldName;
  label: string;
  isReadOnly: boolean;
  onChange: Change;
}

function ChoiceField({
  draft,
  name,
  label,
  isReadOnly,
  onChange,
  options,
  unsaid,
}: FieldProps & { options: { value: string; label: string }[]; unsaid?: string }) {
  return (
    <label className="catalog-desk__field">
      <span>{label}</span>
      <select name={`purchasing.${name}`} value={draft[name]} disabled={isReadOnly} onChange={(event) => onChange({ [name]: event.target.value })}>
        {unsaid !== undefined && <option value="">{unsaid}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function TextField({ draft, name, label, isReadOnly, onChange, placeholder, isWide = false }: FieldProps & { placeholder: string; isWide?: boolean }) {
  return (
    <label className={isWide ? 'catalog-desk__field catalog-desk__field--wide' : 'catalog-desk__field'}>
      <span>{label}</span>
      <input
        name={`purchasing.${name}`}
        value={draft[name]}
        maxLength={500}
        placeholder={placeholder}
        disabled={isReadOnly}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </label>
  );
}

/** 采购与合规: compliance, origin, packaging, factory lead time and the CAD model links a purchasing engineer checks. */
export function PurchasingFields({ draft, isReadOnly, onChange }: { draft: PurchasingDraft; isReadOnly: boolean; onChange: Change }) {
  const common = { draft, isReadOnly, onChange };
  return (
    <fieldset className="catalog-desk__fieldset">
      <legend>采购与合规</legend>
      <div className="catalog-desk__grid">
        <ChoiceField {...common} name="reachStatus" label="REACH（SVHC）" options={reachOptions} />
        <ChoiceField {...common} name="msl" label="湿敏等级（MSL）" options={mslOptions} unsaid="未填写" />
        <ChoiceField {...common} name="packaging" label="包装方式" options={packagingOptions} unsaid="未填写" />
        <TextField {...common} name="eccn" label="ECCN" placeholder="如 EAR99、3A991.a.2" />
        <ChoiceField {...common} name="originCountry" label="原产地" options={countryOptions} unsaid="未填写" />
        <TextField {...common} name="factoryLeadWeeks" label="工厂交期（周）" placeholder="如 12" />
        <TextField {...common} name="cadSymbolUrl" label="原理图符号链接" placeholder="https://" isWide />
        <TextField {...common} name="cadFootprintUrl" label="PCB 封装链接" placeholder="https://" isWide />
        <TextField {...common} name="cadModelUrl" label="3D 模型链接" placeholder="https://" isWide />
      </div>
    </fieldset>
  );
}
