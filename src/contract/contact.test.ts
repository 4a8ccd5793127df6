import { describe, expect, it } from 'vitest';
import { contactFormProblem, officeMapPath } from './contact.ts';

describe('the contact form check', () => {
  const form = { name: '张工', phone: '13912345678', email: '', company: '', message: '请问 TL431 的现货数量与价格？' };

  it.each([
    [{}, ''],
    [{ email: 'buyer@example.com.cn' }, ''],
    [{ name: ' ' }, '请输入您的姓名'],
    [{ phone: '' }, '请输入正确的手机号码'],
    [{ phone: '23912345678' }, '请输入正确的手机号码'],
    [{ email: '@example.com' }, '请输入正确的邮箱地址'],
    [{ email: `${'a'.repeat(75)}@x.com` }, '邮箱不能超过80个字符'],
    [{ company: '公'.repeat(61) }, '公司名称不能超过60个字'],
    [{ message: '太短了' }, '留言内容至少10个字'],
    [{ message: '   ' }, '请填写留言内容'],
    [{ message: '长'.repeat(1001) }, '留言内容不能超过1000个字'],
    [{ name: '', phone: '' }, '请输入您的姓名'],
  ])('%o → %s', (change, message) => {
    expect(contactFormProblem({ ...form, ...change })).toBe(message);
  });

  it('names an office’s map by its id', () => {
    expect(officeMapPath(3)).toBe('/contact/map/3.svg');
  });
});
