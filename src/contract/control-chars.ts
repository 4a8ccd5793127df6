/**
 * Control characters (C0 and DEL) belong in no field of the store, and PostgreSQL refuses NUL in
 * text, so they are refused or stripped before anything reaches a service, on both engines alike.
 * Call bodies may keep tab, line feed and carriage return (a multi-line text field has them);
 * page addresses keep none.
 */

// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const controlCharsOfBodies = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const controlCharsOfAddresses = /[\u0000-\u001f\u007f]/g;

export const controlCharsMessage = '提交的内容含有不允许的控制字符';

/** A value of a page address without its control characters. */
export function stripControlChars(text: string): string {
  return text.replace(controlCharsOfAddresses, '');
}

/**
 * True when a string or a key anywhere in a parsed JSON body holds a control character other than
 * tab, line feed and carriage return. Walks with its own stack: a deeply nested body cannot overflow.
 */
export function holdsControlChars(body: unknown): boolean {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (controlCharsOfBodies.test(value)) return true;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (controlCharsOfBodies.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
