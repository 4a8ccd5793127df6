import { useState, type SubmitEvent } from 'react';
import { groupNameMax, type CategoryDeskState } from '../../../contract/console/taxonomy.ts';
import { shellLimits } from '../../../contract/shell.ts';
import { categoryDeskCalls } from '../../../contract/console/categories-calls.ts';
import { NameEditor } from './name-editor.tsx';
import type { RunCategoryCall } from './use-category-desk.ts';

/** The mega-menu's groups in order: the first 8 show in the shop's menu, the rest under 更多. */
export function CategoryGroupsPanel({ desk, run, isBusy }: { desk: CategoryDeskState; run: RunCategoryCall; isBusy: boolean }) {
  const [name, setName] = useState('');
  async function create(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await run(categoryDeskCalls.createGroup, { name }, '分组已创建')) setName('');
  }
  return (
    <section className="taxonomy-groups" aria-label="导航分组">
      <h2>导航分组</h2>
      <p className="taxonomy-hint">
        商城导航显示前 {shellLimits.menuGroups} 个分组，其余在“更多”中；二级分类名超过 {shellLimits.menuNameLength} 个字时截断，每列{' '}
        {shellLimits.menuColumnItems} 个，最多 {shellLimits.menuColumns} 列。
      </p>
      <ol className="taxonomy-group-list">
        {desk.groups.map((group, index) => {
          const count = desk.categories.filter((row) => row.level === 1 && row.groupId === group.id).length;
          return (
            <li key={group.id} data-testid={`group-${group.id}`}>
              <span className={index < shellLimits.menuGroups ? 'taxonomy-badge' : 'taxonomy-badge is-muted'}>
                {index < shellLimits.menuGroups ? `导航第${index + 1}个` : '更多'}
              </span>
              <NameEditor
                name={group.name}
                maxLength={groupNameMax}
                label="分组名称"
                onSave={(next) => run(categoryDeskCalls.renameGroup, { groupId: group.id, name: next }, '已保存')}
              />
              <span className="taxonomy-count">{count} 个一级分类</span>
              <span className="taxonomy-actions">
                <button
                  type="button"
                  disabled={isBusy || index === 0}
                  onClick={() => void run(categoryDeskCalls.reorderGroup, { groupId: group.id, direction: 'up' }, '已上移')}
                >
                  上移
                </button>
                <button
                  type="button"
                  disabled={isBusy || index === desk.groups.length - 1}
                  onClick={() => void run(categoryDeskCalls.reorderGroup, { groupId: group.id, direction: 'down' }, '已下移')}
                >
                  下移
                </button>
                <button
                  type="button"
                  disabled={isBusy}
                  onClick={() => {
                    if (window.confirm(`确定删除分组“${group.name}”吗？`)) void run(categoryDeskCalls.deleteGroup, { groupId: group.id }, '已删除');
                  }}
                >
                  删除
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <form className="admin-create" onSubmit={(event) => void create(event)}>
        <input aria-label="新分组名称" placeholder="新分组名称" value={name} maxLength={groupNameMax} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className="admin-button" disabled={isBusy}>
          新建分组
        </button>
      </form>
    </section>
  );
}
