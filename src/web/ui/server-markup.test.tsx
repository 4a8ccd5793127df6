import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ServerMarkup } from './server-markup.tsx';

describe('server markup', () => {
  it('renders its content on the server, in the element it is given', () => {
    const html = renderToString(
      <ServerMarkup as="footer" className="site-footer" data-testid="footer">
        {import.meta.env.SSR && <p>客服热线</p>}
      </ServerMarkup>,
    );
    expect(html).toBe('<footer class="site-footer" data-testid="footer"><p>客服热线</p></footer>');
  });
});
