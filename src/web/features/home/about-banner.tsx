const promises = [
  { figure: '100%', text: '原厂正品' },
  { figure: '2小时', text: '现货发货' },
  { figure: '1对1', text: '专属客服' },
  { figure: '13%', text: '增值税专票' },
];

/** The about-us banner: the whole strip links to /about. */
export function AboutBanner({ siteName }: { siteName: string }) {
  return (
    <section className="about-banner" data-section="about">
      <a className="about-banner__link" href="/about" data-testid="about-banner">
        <span className="about-banner__intro">
          <strong>关于{siteName}</strong>
          <span>专注电子元器件一站式采购服务，让研发与生产采购更简单</span>
        </span>
        <span className="about-banner__figures">
          {promises.map((promise) => (
            <span key={promise.text} className="about-banner__figure">
              <b>{promise.figure}</b>
              <small>{promise.text}</small>
            </span>
          ))}
        </span>
        <span className="about-banner__cta">了解我们 ›</span>
      </a>
    </section>
  );
}
