import { useState } from 'react';
import { purchaseListLimits } from '../../../contract/purchase-list.ts';

/** 新建清单: a name, then the new empty list opens to add parts. */
export function NewListForm({
  isBusy,
  onCreate,
  className = 'purchase-lists__new',
  buttonClassName = 'button button--primary',
}: {
  isBusy: boolean;
  onCreate: (name: string) => void;
  className?: string;
  buttonClassName?: string;
}) {
  const [name, setName] = useState('');
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onCreate(name);
      }}
    >
      <input
        value={name}
        maxLength={purchaseListLimits.nameMax}
        placeholder="新清单名称，如：电源板常用料"
        aria-label="新清单名称"
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className={buttonClassName} disabled={isBusy}>
        新建清单
      </button>
    </form>
  );
}
