export interface Crumb {
  label: string;
  href?: string;
}

/** 首页 > … > here */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav className="crumbs" aria-label="当前位置">
      <a href="/">首页</a>
      {items.map((item) => (
        <span key={`${item.label}-${item.href ?? ''}`} className="crumbs__item">
          <span className="crumbs__sep" aria-hidden="true">
            &gt;
          </span>
          {item.href ? <a href={item.href}>{item.label}</a> : <span aria-current="page">{item.label}</span>}
        </span>
      ))}
    </nav>
  );
}
