const promises = [
  { mark: '全', title: '品类齐全', text: '集成电路、被动元件、连接器一站购齐' },
  { mark: '速', title: '现货速发', text: '现货商品下单后2小时内发货' },
  { mark: '配', title: 'BOM配单', text: '上传物料清单，一键比价询价' },
];

/** The blue panel beside the login and register forms: what the store promises. */
export function AuthPromo({ siteName }: { siteName: string }) {
  return (
    <aside className="auth-promo">
      <p className="auth-promo__kicker">{siteName}</p>
      <h2 className="auth-promo__title">一站式电子元器件采购平台</h2>
      <p className="auth-promo__lead">海量现货型号，透明阶梯价格，工程师与采购都放心。</p>
      <ul className="auth-promo__list">
        {promises.map((promise) => (
          <li key={promise.title} className="auth-promo__item">
            <span className="auth-promo__mark" aria-hidden="true">
              {promise.mark}
            </span>
            <span>
              <strong>{promise.title}</strong>
              <span className="auth-promo__text">{promise.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
