import { describe, expect, it } from 'vitest';
import { problemsOfCallAnswer } from '../../../battery/lib/answer-check.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const answer = (body: unknown, status = 200, headers: Record<string, string> = json) => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe("the battery's answer check", () => {
  it('passes a success and a failure told in Chinese with its errorCode', () => {
    expect(problemsOfCallAnswer(answer({ code: 1, data: [], msg: '' }))).toEqual([]);
    expect(problemsOfCallAnswer(answer({ code: 400, data: null, msg: '请求参数有误', errorCode: 'request.invalid' }))).toEqual([]);
  });

  it.each([
    ['an HTTP 500', answer({ code: 500, msg: '服务器繁忙', errorCode: 'request.internal' }, 500), 'HTTP 500'],
    ['an HTTP 400 outside the envelope', answer({ statusCode: 400, error: 'Bad Request', message: 'x' }, 400), 'HTTP 400 (calls answer 200 with the envelope)'],
    [
      'an internal error inside the envelope',
      answer({ code: 500, msg: '服务器繁忙，请稍后再试', errorCode: 'request.internal' }),
      'internal error answered (code 500, request.internal)',
    ],
    [
      'an English message',
      answer({ code: 400, msg: 'Invalid input: expected string', errorCode: 'request.invalid' }),
      'msg without Chinese: "Invalid input: expected string"',
    ],
    ['a failure without errorCode', answer({ code: 400, msg: '请求参数有误' }), 'a failure without errorCode'],
    [
      'a stack trace',
      answer({ code: 400, msg: '请求有误\n    at parse (/app/src/server/x.ts:1:2)', errorCode: 'request.invalid' }),
      'a stack trace or source path in the body',
    ],
    ['an HTML page', answer('<html></html>', 200, { 'content-type': 'text/html' }), 'not the envelope {code, msg}'],
  ])('reports %s', (_name, response, problem) => {
    expect(problemsOfCallAnswer(response)).toContain(problem);
  });
});
