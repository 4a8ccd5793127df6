import { useState, type SubmitEvent } from 'react';
import { categoryNameMax, type CategoryDeskState } from '../../../contract/console/taxonomy.ts';
import { categoryDeskCalls } from '../../../contract/console/categories-calls.ts';
import type { RunCategoryCall } from './use-category-desk.ts';

/** A new first-level category, optionally straight into a menu group. */
export function NewCategoryForm({ desk, run, isBusy }: { desk: CategoryDeskState; run: RunCategoryCall; isBusy: boolean }) {
  const [name, setName] = useState('');
  const [groupId, setGroupId] = useState('');
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await run(categoryDeskCalls.create, { name, parentId: null, groupId: groupId ? Number(groupId) : null }, '已创建')) setName('');
  }
  return (
    <form className="admin-create" onSubmit={(event) => void submit(event)}>
      <h2>新建一级分类</h2>
      <input aria-label="一级分类名称" placeholder="一级分类名称" value={name} maxLength={categoryNameMax} onChange={(event) => setName(event.target.value)} />
      <select aria-label="导航分组" value={groupId} onChange={(event) => setGroupId(event.target.value)}>
        <option value="">不在导航中</option>
        {desk.groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </select>
      <button type="submit" className="admin-button" disabled={isBusy}>
        创建
      </button>
    </form>
  );
}
