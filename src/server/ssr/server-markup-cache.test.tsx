import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ServerMarkup, type ServerMarkupKey } from '../../web/ui/server-markup.tsx';
import { renderToStringWithKeptMarkup } from './server-markup-cache.ts';

const renderPage = renderToStringWithKeptMarkup;

describe('server markup kept per object', () => {
  const renders: string[] = [];
  function Links({ links }: { links: string[] }) {
    renders.push(links.join());
    return links.map((link) => (
      <a key={link} href={`/${link}`}>
        {link} 共 {link.length} 个
      </a>
    ));
  }
  const flyout = (links: string[], cacheKey: ServerMarkupKey) => (
    <nav>
      <ServerMarkup className="flyout" data-testid="flyout" cacheKey={cacheKey}>
        <Links links={links} />
      </ServerMarkup>
    </nav>
  );

  it('renders the content once per key object; later pages get the same HTML without rendering it', () => {
    renders.length = 0;
    const links = ['电阻', '电容'];
    const key = { of: links, name: 'flyout' };
    const first = renderPage(flyout(links, key));
    const second = renderPage(flyout(links, { of: links, name: 'flyout' }));
    expect(second).toBe(first);
    expect(first).toBe(renderToString(flyout(links, key)));
    expect(first).toContain('<div class="flyout" data-testid="flyout"><a href="/电阻">电阻<!-- --> 共 <!-- -->2<!-- --> 个</a>');
    expect(renders).toHaveLength(3);
    expect(renders.slice(0, 2)).toEqual(['电阻,电容', '电阻,电容']);
  });

  it('renders again for a new object (the data changed) and for another name of the same object', () => {
    renders.length = 0;
    const before = ['电阻'];
    renderPage(flyout(before, { of: before, name: 'flyout' }));
    const after = ['片式电阻'];
    expect(renderPage(flyout(after, { of: after, name: 'flyout' }))).toContain('片式电阻');
    expect(renderPage(flyout(before, { of: before, name: 'flyout /other' }))).toContain('href="/电阻"');
    expect(renderPage(flyout(before, { of: before, name: 'flyout' }))).not.toContain('片式电阻');
    expect(renders).toEqual(['电阻', '电阻', '片式电阻', '片式电阻', '电阻', '电阻']);
  });

  it('renders every time without a cache (the browser never has one) or without a key', () => {
    renders.length = 0;
    const links = ['电感'];
    renderToString(flyout(links, { of: links, name: 'flyout' }));
    renderToString(flyout(links, { of: links, name: 'flyout' }));
    const unkeyed = (
      <ServerMarkup>
        <Links links={links} />
      </ServerMarkup>
    );
    renderPage(unkeyed);
    renderPage(unkeyed);
    expect(renders).toEqual(['电感', '电感', '电感', '电感']);
  });
});
