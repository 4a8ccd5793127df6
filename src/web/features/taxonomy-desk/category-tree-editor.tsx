import { useState, type SubmitEvent } from 'react';
import { categoryNameMax, type AdminCategory, type CategoryDeskState } from '../../../contract/console/taxonomy.ts';
import { cutCategoryName } from '../../shell/category-menu-layout.ts';
import { categoryDeskCalls } from '../../../contract/console/categories-calls.ts';
import { NameEditor } from './name-editor.tsx';
import type { RunCategoryCall } from './use-category-desk.ts';

interface TreeProps {
  desk: CategoryDeskState;
  run: RunCategoryCall;
  isBusy: boolean;
}

const bySort = (a: AdminCategory, b: AdminCategory) => a.sort - b.sort || a.id - b.id;

/** What the shop's menu shows of a long name, when it is cut. */
function menuCut(name: string): string | null {
  const cut = cutCategoryName(name);
  return cut === name ? null : cut;
}

/** Buttons every category row has: up, down, hide/show, delete. */
function RowActions({ row, siblings, run, isBusy }: { row: AdminCategory; siblings: AdminCategory[]; run: RunCategoryCall; isBusy: boolean }) {
  const index = siblings.findIndex((each) => each.id === row.id);
  return (
    <span className="taxonomy-actions">
      <button
        type="button"
        disabled={isBusy || index <= 0}
        onClick={() => void run(categoryDeskCalls.reorder, { categoryId: row.id, direction: 'up' }, '已上移')}
      >
        上移
      </button>
      <button
        type="button"
        disabled={isBusy || index === siblings.length - 1}
        onClick={() => void run(categoryDeskCalls.reorder, { categoryId: row.id, direction: 'down' }, '已下移')}
      >
        下移
      </button>
      <button
        type="button"
        disabled={isBusy}
        onClick={() => void run(categoryDeskCalls.setHidden, { categoryId: row.id, isHidden: !row.isHidden }, row.isHidden ? '已显示' : '已隐藏')}
      >
        {row.isHidden ? '显示' : '隐藏'}
      </button>
      <button
        type="button"
        disabled={isBusy}
        onClick={() => {
          if (window.confirm(`确定删除分类“${row.name}”吗？`)) void run(categoryDeskCalls.delete, { categoryId: row.id }, '已删除');
        }}
      >
        删除
      </button>
    </span>
  );
}

function CategoryName({ row, run }: { row: AdminCategory; run: RunCategoryCall }) {
  const cut = menuCut(row.name);
  return (
    <>
      <NameEditor
        name={row.name}
        maxLength={categoryNameMax}
        label="分类名称"
        onSave={(name) => run(categoryDeskCalls.rename, { categoryId: row.id, name }, '已保存')}
      />
      {row.isHidden ? <span className="taxonomy-badge is-muted">已隐藏</span> : null}
      {cut ? <span className="taxonomy-hint">菜单显示为“{cut}”</span> : null}
      <span className="taxonomy-count">{row.skuCount} 个商品</span>
    </>
  );
}

function AddChild({ parent, run, isBusy }: { parent: AdminCategory; run: RunCategoryCall; isBusy: boolean }) {
  const [name, setName] = useState('');
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await run(categoryDeskCalls.create, { name, parentId: parent.id }, '已创建')) setName('');
  }
  return (
    <form className="taxonomy-inline taxonomy-add-child" onSubmit={(event) => void submit(event)}>
      <input
        aria-label={`在“${parent.name}”下新建二级分类`}
        placeholder="新二级分类名称"
        value={name}
        maxLength={categoryNameMax}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="taxonomy-secondary" disabled={isBusy}>
        添加二级分类
      </button>
    </form>
  );
}

function FirstLevel({ row, siblings, firsts, desk, run, isBusy }: TreeProps & { row: AdminCategory; siblings: AdminCategory[]; firsts: AdminCategory[] }) {
  const children = desk.categories.filter((each) => each.level === 2 && each.parentId === row.id).sort(bySort);
  return (
    <li className="taxonomy-first" data-testid={`category-${row.id}`}>
      <div className="taxonomy-row">
        <CategoryName row={row} run={run} />
        <label className="taxonomy-select">
          导航分组
          <select
            value={row.groupId ?? ''}
            disabled={isBusy}
            onChange={(event) =>
              void run(categoryDeskCalls.setGroup, { categoryId: row.id, groupId: event.target.value ? Number(event.target.value) : null }, '已保存')
            }
          >
            <option value="">不在导航中</option>
            {desk.groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
        </label>
        <RowActions row={row} siblings={siblings} run={run} isBusy={isBusy} />
      </div>
      <ul className="taxonomy-children">
        {children.map((child) => (
          <li key={child.id} className="taxonomy-row" data-testid={`category-${child.id}`}>
            <CategoryName row={child} run={run} />
            <label className="taxonomy-select">
              移到
              <select
                value={row.id}
                disabled={isBusy}
                onChange={(event) =>
                  void run(categoryDeskCalls.move, { categoryId: child.id, parentId: event.target.value ? Number(event.target.value) : null }, '已移动')
                }
              >
                {firsts.map((first) => (
                  <option key={first.id} value={first.id}>
                    {first.name}
                  </option>
                ))}
                <option value="">设为一级分类</option>
              </select>
            </label>
            <RowActions row={child} siblings={children} run={run} isBusy={isBusy} />
          </li>
        ))}
      </ul>
      <AddChild parent={row} run={run} isBusy={isBusy} />
    </li>
  );
}

/** The tree as the shop shows it: each group's first-level categories with their second levels, then those in no group. */
export function CategoryTreeEditor({ desk, run, isBusy }: TreeProps) {
  const firsts = desk.categories.filter((row) => row.level === 1).sort(bySort);
  const sections = [
    ...desk.groups.map((group) => ({ key: `g${group.id}`, title: group.name, rows: firsts.filter((row) => row.groupId === group.id) })),
    { key: 'none', title: '未分组（不在商城导航中）', rows: firsts.filter((row) => row.groupId === null) },
  ];
  return (
    <section className="taxonomy-tree" aria-label="分类树">
      {sections.map((section) => (
        <div key={section.key} className="taxonomy-section">
          <h2>{section.title}</h2>
          {section.rows.length === 0 ? <p className="taxonomy-hint">暂无一级分类</p> : null}
          <ul>
            {section.rows.map((row) => (
              <FirstLevel key={row.id} row={row} siblings={section.rows} firsts={firsts} desk={desk} run={run} isBusy={isBusy} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
