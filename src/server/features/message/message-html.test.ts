import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './message-html.ts';

describe('message HTML allowlist', () => {
  it.each([
    ['<p>配单完成</p><script>alert(1)</script>', '<p>配单完成</p>'],
    ['<p onclick="steal()" onmouseover="x()">报价</p>', '<p>报价</p>'],
    ['<a href="javascript:alert(1)">查看</a>', '<a>查看</a>'],
    ['<a href="JaVaScRiPt:alert(1)">查看</a>', '<a>查看</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">查看</a>', '<a>查看</a>'],
    ['<a href="//evil.example/">查看</a>', '<a>查看</a>'],
    ['<iframe src="https://evil.example/"></iframe>正文', '正文'],
    ['<form action="https://evil.example/"><input name="pwd">提交</form>', '提交'],
    ['<style>body{display:none}</style><p style="color:red">正文</p>', '<p>正文</p>'],
    ['<img src=x onerror="alert(1)">图', '图'],
    ['<svg><script>alert(1)</script></svg>文字', '文字'],
  ])('strips the dangerous parts of %j', (html, safe) => {
    expect(sanitizeMessageHtml(html)).toBe(safe);
  });

  it('keeps the formatting and links a BOM or offer message needs', () => {
    const html =
      '<p>型号 <strong>STM32F103C8T6</strong> 报价 <em>¥7.85</em></p><ul><li>一</li></ul><table><tbody><tr><td colspan="2">合计</td></tr></tbody></table><a href="/bom">查看</a>';
    expect(sanitizeMessageHtml(html)).toBe(html);
  });

  it('makes a new-window link safe for the opener', () => {
    expect(sanitizeMessageHtml('<a href="https://www.example.com/q" target="_top" rel="opener">看</a>')).toBe(
      '<a href="https://www.example.com/q" target="_blank" rel="noopener noreferrer">看</a>',
    );
  });
});
