import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageIds, usePageId } from './page-ids.tsx';

function LabelledField({ label }: { label: string }) {
  const id = usePageId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </p>
  );
}

function Form() {
  return (
    <form>
      <LabelledField label="型号" />
      <LabelledField label="数量" />
    </form>
  );
}

describe('usePageId', () => {
  it('numbers a page in render order from 0, so every render of the same page has the same ids', () => {
    const first = renderToString(
      <PageIds>
        <Form />
      </PageIds>,
    );
    expect(first).toContain('for="pid-0"');
    expect(first).toContain('id="pid-1"');
    expect(
      renderToString(
        <PageIds>
          <Form />
        </PageIds>,
      ),
    ).toBe(first);
  });

  it('gives each component its own id', () => {
    const html = renderToString(
      <PageIds>
        <Form />
      </PageIds>,
    );
    expect([...html.matchAll(/ id="(pid-\d+)"/g)].map((match) => match[1])).toEqual(['pid-0', 'pid-1']);
  });
});
