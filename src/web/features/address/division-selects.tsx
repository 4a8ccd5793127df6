import { divisionPrompts, type Division } from '../../../contract/address.ts';
import type { Divisions } from './use-divisions.ts';

function DivisionSelect({
  id,
  label,
  prompt,
  options,
  value,
  describedBy,
  onChoose,
}: {
  id?: string;
  label: string;
  prompt: string;
  options: Division[];
  value: string;
  describedBy: string | undefined;
  onChoose: (code: string) => void;
}) {
  return (
    <select
      id={id}
      className="member-select"
      aria-label={label}
      aria-describedby={describedBy}
      value={value}
      disabled={options.length === 0}
      onChange={(event) => onChoose(event.target.value)}
    >
      <option value="">{prompt}</option>
      {options.map((division) => (
        <option key={division.code} value={division.code}>
          {division.name}
        </option>
      ))}
    </select>
  );
}

/** 省份 → 城市 → 区县: each select lists the level under the one chosen before it. */
export function DivisionSelects({ divisions, id, describedBy }: { divisions: Divisions; id: string; describedBy: string | undefined }) {
  const { choice } = divisions;
  return (
    <span className="division-selects">
      <DivisionSelect
        id={id}
        label="省份"
        prompt={divisionPrompts.province}
        options={divisions.provinces}
        value={choice.provinceCode}
        describedBy={describedBy}
        onChoose={divisions.chooseProvince}
      />
      <DivisionSelect
        label="城市"
        prompt={divisionPrompts.city}
        options={divisions.cities}
        value={choice.cityCode}
        describedBy={describedBy}
        onChoose={divisions.chooseCity}
      />
      <DivisionSelect
        label="区县"
        prompt={divisionPrompts.district}
        options={divisions.districts}
        value={choice.districtCode}
        describedBy={describedBy}
        onChoose={divisions.chooseDistrict}
      />
    </span>
  );
}
