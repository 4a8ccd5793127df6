/**
 * The XSS vectors of the injection battery. Each one, if it ever runs, calls `__xss(id)` (a
 * binding the battery exposes in every frame) or opens a dialog, so an execution names its
 * vector; under the store's CSP an inline script that is blocked shows as a CSP violation
 * instead. `$ID` is replaced by the vector's number, `$BASE64(…)` by its text in base64.
 */
export interface XssVector {
  id: number;
  name: string;
  text: string;
  /** The text is already URL-encoded and goes into the URL as it is (double encoding, broken UTF-8). */
  isRaw?: boolean;
}

interface VectorTemplate {
  name: string;
  text: string;
  isRaw?: boolean;
}

const call = '__xss($ID)';

const scriptTags: VectorTemplate[] = [
  { name: 'script', text: `<script>${call}</script>` },
  { name: 'script mixed case', text: `<ScRiPt>${call}</sCrIpT>` },
  { name: 'script alert', text: '<script>alert($ID)</script>' },
  { name: 'script confirm', text: '<script>confirm($ID)</script>' },
  { name: 'script src data', text: `<script src="data:text/javascript,${call}"></script>` },
  { name: 'script split', text: `<scr<script>ipt>${call}</scr</script>ipt>` },
  { name: 'script attributes', text: `<script type="text/javascript" async>${call}</script>` },
  { name: 'script slash', text: `<script/x>${call}</script>` },
  { name: 'script unclosed', text: `<script>${call}//` },
  { name: 'script comment', text: `<script>/*</script>*/${call}</script>` },
  { name: 'script in svg', text: `<svg><script>${call}</script></svg>` },
  { name: 'script href in svg', text: `<svg><script href="data:,${call}"/></svg>` },
  { name: 'script module', text: `<script type=module>${call}</script>` },
  { name: 'script backtick call', text: '<script>__xss`$ID`</script>' },
];

const eventHandlers: VectorTemplate[] = [
  { name: 'img onerror', text: `<img src=x onerror=${call}>` },
  { name: 'img onerror quoted', text: `<img src="x" onerror="${call}">` },
  { name: 'img slashes', text: `<img/src/onerror=${call}>` },
  { name: 'img onerror entity', text: '<img src=x onerror=&#95;&#95;xss($ID)>' },
  { name: 'img onerror alert', text: '<img src=x onerror=alert($ID)>' },
  { name: 'img onerror newline', text: `<img src=x\nonerror=${call}>` },
  { name: 'svg onload', text: `<svg onload=${call}>` },
  { name: 'svg slash onload', text: `<svg/onload=${call}>` },
  { name: 'svg animate onbegin', text: `<svg><animate onbegin=${call} attributeName=x dur=1s>` },
  { name: 'svg set onbegin', text: `<svg><set onbegin=${call} attributeName=x to=1>` },
  { name: 'body onload', text: `<body onload=${call}>` },
  { name: 'body onpageshow', text: `<body onpageshow=${call}>` },
  { name: 'iframe onload', text: `<iframe onload=${call}></iframe>` },
  { name: 'input autofocus', text: `<input autofocus onfocus=${call}>` },
  { name: 'textarea autofocus', text: `<textarea autofocus onfocus=${call}></textarea>` },
  { name: 'select autofocus', text: `<select autofocus onfocus=${call}></select>` },
  { name: 'a autofocus', text: `<a id=x tabindex=1 autofocus onfocus=${call} href=#>x</a>` },
  { name: 'details ontoggle', text: `<details open ontoggle=${call}>` },
  { name: 'video source onerror', text: `<video><source onerror=${call}></video>` },
  { name: 'audio onerror', text: `<audio src=x onerror=${call}>` },
  { name: 'object onerror', text: `<object data=x onerror=${call}></object>` },
  { name: 'style onload', text: `<style onload=${call}></style>` },
  { name: 'link onerror', text: `<link rel=stylesheet href=x onerror=${call}>` },
  { name: 'marquee onstart', text: `<marquee onstart=${call}>x</marquee>` },
  { name: 'animation start', text: `<style>@keyframes x{}</style><b style="animation-name:x" onanimationstart=${call}>x</b>` },
  { name: 'image onerror', text: `<image src=x onerror=${call}>` },
  { name: 'math href', text: `<math><maction actiontype=statusline xlink:href="javascript:${call}">x</maction></math>` },
];

const attributeBreaking: VectorTemplate[] = [
  { name: 'double quote img', text: `"><img src=x onerror=${call}>` },
  { name: 'single quote img', text: `'><img src=x onerror=${call}>` },
  { name: 'double quote script', text: `"><script>${call}</script>` },
  { name: 'single quote script', text: `'><script>${call}</script>` },
  { name: 'double quote svg', text: `"><svg onload=${call}>` },
  { name: 'double quote handler', text: `" onmouseover="${call}` },
  { name: 'double quote autofocus', text: `" autofocus onfocus="${call}` },
  { name: 'single quote autofocus', text: `' autofocus onfocus='${call}' x='` },
  { name: 'unquoted autofocus', text: ` autofocus onfocus=${call} ` },
  { name: 'backtick attribute', text: `\` autofocus onfocus=${call} \`` },
  { name: 'self-closing break', text: `"/><script>${call}</script>` },
  { name: 'src break', text: `x" onerror="${call}" src="x` },
  { name: 'style attribute', text: `" style="animation-name:x" onanimationstart="${call}` },
  { name: 'all breakers', text: `'"><img src=x onerror=${call}>` },
  { name: 'breakers and comment', text: `'"--></style></script><script>${call}</script>` },
  { name: 'textarea break', text: `</textarea><script>${call}</script>` },
  { name: 'title break', text: `</title><script>${call}</script>` },
  { name: 'style break', text: `</style><script>${call}</script>` },
  { name: 'noscript break', text: `</noscript><img src=x onerror=${call}>` },
  { name: 'comment break', text: `--><script>${call}</script>` },
  { name: 'option break', text: `</option></select><img src=x onerror=${call}>` },
];

/** The page state is JSON inside a script element: these try to leave it. */
const scriptContext: VectorTemplate[] = [
  { name: 'close script', text: `</script><script>${call}</script>` },
  { name: 'close script img', text: `</script><img src=x onerror=${call}>` },
  { name: 'close script upper', text: `</SCRIPT><script>${call}</script>` },
  { name: 'close script space', text: `</script ><script>${call}</script>` },
  { name: 'close script tab', text: `</script\t><script>${call}</script>` },
  { name: 'close script slash', text: `</script/x><script>${call}</script>` },
  { name: 'json object break', text: `"}]}</script><script>${call}</script>` },
  { name: 'json string break', text: `";${call};//` },
  { name: 'js single break', text: `';${call};//` },
  { name: 'escaped quote break', text: `\\";${call};//` },
  { name: 'U+2028', text: `\u2028${call}//` },
  { name: 'U+2029', text: `\u2029${call}//` },
  { name: 'quote U+2028', text: `"\u2028${call}//` },
  { name: 'comment open', text: `<!--<script>${call}</script>` },
  { name: 'comment and close', text: `<!--</script><script>${call}</script>-->` },
  { name: 'escaped slash', text: `<\\/script><script>${call}</script>` },
  { name: 'cdata end', text: `]]><script>${call}</script>` },
  { name: 'block comment', text: `*/${call}/*` },
  { name: 'template literal', text: '${__xss($ID)}' },
  { name: 'backtick template', text: '`${__xss($ID)}`' },
  { name: 'json unicode escape', text: `\\u003c/script\\u003e<script>${call}</script>` },
  { name: 'close script entity', text: `&lt;/script&gt;<script>${call}</script>` },
];

const urlSchemes: VectorTemplate[] = [
  { name: 'javascript url', text: `javascript:${call}` },
  { name: 'javascript mixed case', text: `JaVaScRiPt:${call}` },
  { name: 'javascript leading space', text: ` javascript:${call}` },
  { name: 'javascript tab', text: `java\tscript:${call}` },
  { name: 'javascript newline', text: `java\nscript:${call}` },
  { name: 'javascript entity colon', text: `javascript&colon;${call}` },
  { name: 'javascript entity j', text: `&#106;avascript:${call}` },
  { name: 'javascript comment newline', text: `javascript://%0a${call}` },
  { name: 'javascript slash path', text: `/javascript:${call}` },
  { name: 'data html', text: `data:text/html,<script>${call}</script>` },
  { name: 'data html base64', text: 'data:text/html;base64,$BASE64(<script>parent.__xss($ID)</script>)' },
  { name: 'vbscript', text: `vbscript:${call}` },
  { name: 'protocol-relative', text: '//evil.example/' },
  { name: 'backslash host', text: '/\\evil.example/' },
  { name: 'double backslash host', text: '\\\\evil.example/' },
  { name: 'scheme without slashes', text: 'https:evil.example' },
  { name: 'encoded slashes', text: '/%2F%2Fevil.example' },
  { name: 'at host', text: '/@evil.example' },
  { name: 'tab slashes', text: '/\t/evil.example' },
];

const injectedElements: VectorTemplate[] = [
  { name: 'iframe javascript', text: `<iframe src="javascript:${call}"></iframe>` },
  { name: 'iframe srcdoc', text: `<iframe srcdoc="<script>${call}</script>"></iframe>` },
  { name: 'iframe data', text: `<iframe src="data:text/html,<script>parent.${call}</script>"></iframe>` },
  { name: 'object javascript', text: `<object data="javascript:${call}"></object>` },
  { name: 'embed javascript', text: `<embed src="javascript:${call}">` },
  { name: 'meta refresh', text: `<meta http-equiv=refresh content="0;url=javascript:${call}">` },
  { name: 'base href', text: '<base href="//evil.example/">' },
  { name: 'a javascript', text: `<a href="javascript:${call}">x</a>` },
  { name: 'form action', text: `<form action="javascript:${call}"><button>x</button></form>` },
  { name: 'button formaction', text: `<form><button formaction="javascript:${call}">x</button></form>` },
  { name: 'style import', text: "<style>@import 'https://evil.example/x.css';</style>" },
  { name: 'style url javascript', text: `<div style="background:url(javascript:${call})">x</div>` },
  { name: 'css expression', text: `<div style="width:expression(${call})">x</div>` },
  { name: 'template script', text: `<template><script>${call}</script></template>` },
  { name: 'noscript mXSS', text: `<noscript><p title="</noscript><img src=x onerror=${call}>">` },
  { name: 'math style mXSS', text: `<math><mtext><table><mglyph><style><img src=x onerror=${call}>` },
  { name: 'noembed mXSS', text: `<noembed><img title="</noembed><img src=x onerror=${call}>">` },
  { name: 'xmp', text: `<xmp></xmp><img src=x onerror=${call}>` },
  { name: 'plaintext', text: `<plaintext><script>${call}</script>` },
  { name: 'svg foreignObject', text: `<svg><foreignObject><iframe srcdoc="<script>${call}</script>"></iframe></foreignObject></svg>` },
  {
    name: 'svg use data',
    text: `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='${call}'/></svg>#x"/></svg>`,
  },
];

/** Templates of other engines, and React's own escape hatches. */
const templates: VectorTemplate[] = [
  { name: 'angular constructor', text: `{{constructor.constructor('${call}')()}}` },
  { name: 'mustache', text: `{{${call}}}` },
  { name: 'triple mustache', text: `{{{${call}}}}` },
  { name: 'ruby interpolation', text: `#{${call}}` },
  { name: 'erb', text: `<%= ${call} %>` },
  { name: 'jinja', text: `{% ${call} %}` },
  { name: 'double brackets', text: `[[${call}]]` },
  { name: 'react dangerouslySetInnerHTML', text: `{"dangerouslySetInnerHTML":{"__html":"<img src=x onerror=${call}>"}}` },
  { name: 'react __html', text: `{"__html":"<img src=x onerror=${call}>"}` },
  { name: 'react element', text: `{"$$typeof":"Symbol(react.element)","type":"script","props":{"children":"${call}"}}` },
  { name: 'prototype pollution', text: `{"__proto__":{"innerHTML":"<img src=x onerror=${call}>"}}` },
];

/** Encoded forms: the store must neither decode them twice nor normalise them into markup. */
const encoded: VectorTemplate[] = [
  { name: 'percent encoded text', text: `%3Cscript%3E${call}%3C%2Fscript%3E` },
  { name: 'double percent encoded', text: `%253Cscript%253E${call}%253C%252Fscript%253E` },
  { name: 'html entities', text: `&lt;script&gt;${call}&lt;/script&gt;` },
  { name: 'decimal entities', text: `&#60;img src=x onerror=${call}&#62;` },
  { name: 'hex entities', text: `&#x3C;img src=x onerror=${call}&#x3E;` },
  { name: 'js hex escapes', text: `\\x3cscript\\x3e${call}\\x3c/script\\x3e` },
  { name: 'js unicode escapes', text: `\\u003cimg src=x onerror=${call}\\u003e` },
  { name: 'fullwidth brackets', text: `＜script＞${call}＜/script＞` },
  { name: 'fullwidth img', text: `＜img src=x onerror=${call}＞` },
  { name: 'utf-7', text: '+ADw-script+AD4-__xss($ID)+ADw-/script+AD4-' },
  { name: 'zero-width', text: `<scr\u200bipt>${call}</scr\u200bipt>` },
  { name: 'NUL inside tag', text: `<scr\u0000ipt>${call}</script>` },
  { name: 'NUL before handler', text: `<img src=x \u0000onerror=${call}>` },
  { name: 'BOM', text: `\ufeff<script>${call}</script>` },
  { name: 'right-to-left override', text: `\u202e<img src=x onerror=${call}>` },
  { name: 'CR LF', text: `\r\n<script>${call}</script>` },
  { name: 'raw percent encoded', text: '%3Cscript%3E__xss($ID)%3C%2Fscript%3E', isRaw: true },
  { name: 'raw percent encoded img', text: '%22%3E%3Cimg%20src%3Dx%20onerror%3D__xss($ID)%3E', isRaw: true },
  { name: 'raw overlong UTF-8', text: '%C0%BCscript%C0%BE__xss($ID)%C0%BC%2Fscript%C0%BE', isRaw: true },
  { name: 'raw overlong 3-byte', text: '%E0%80%BCimg%20src%3Dx%20onerror%3D__xss($ID)%E0%80%BE', isRaw: true },
  { name: 'raw lone surrogate', text: '%ED%A0%80%3Cscript%3E__xss($ID)%3C%2Fscript%3E', isRaw: true },
  { name: 'raw bad percent', text: '%%3Cscript%3E__xss($ID)%3C%2Fscript%3E', isRaw: true },
  { name: 'raw CRLF header', text: '%0D%0ASet-Cookie:%20xss$ID=1%0D%0A', isRaw: true },
  { name: 'raw CRLF body', text: '%0D%0A%0D%0A%3Cscript%3E__xss($ID)%3C%2Fscript%3E', isRaw: true },
  { name: 'raw plus spaces', text: '%3Cimg+src%3Dx+onerror%3D__xss($ID)%3E', isRaw: true },
  { name: 'CRLF header', text: '\r\nSet-Cookie: xss$ID=1\r\n' },
];

const polyglots: VectorTemplate[] = [
  {
    name: 'polyglot 0xsobky',
    text: `jaVasCript:/*-/*\`/*\\\`/*'/*"/**/(/* */oNcliCk=${call} )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=${call}//>\\x3e`,
  },
  { name: 'polyglot quotes and tags', text: `'"\`><\\x3cscript>${call}</script><img src=x onerror=${call}>` },
  { name: 'polyglot comment', text: `-->'"/></sCript><svG x=">" onload=(${call})>` },
  { name: 'polyglot json', text: `"}',"x":"</script><svg onload=${call}>` },
  { name: 'polyglot textarea', text: `</textarea></title></style></noscript></xmp><svg onload=${call}>` },
];

/** Harmless forms the store shows as text: they must come back as text and break nothing. */
const benign: VectorTemplate[] = [
  { name: 'angle brackets', text: '<$ID>' },
  { name: 'bold tag', text: '<b>xss$ID</b>' },
  { name: 'lone less-than', text: 'a < b && c > d $ID' },
  { name: 'ampersand entity', text: '&amp;&lt;&gt;&quot; $ID' },
  { name: 'very long', text: `${'A'.repeat(2000)}<script>${call}</script>` },
  { name: 'long after limit', text: `${'宽'.repeat(60)}"><img src=x onerror=${call}>` },
  { name: 'emoji and CJK', text: `电阻😀<img src=x onerror=${call}>` },
  { name: 'json punctuation', text: '{"a":[1,2,{"b":null}]} $ID' },
  { name: 'sql and html', text: `' OR 1=1 -- <script>${call}</script>` },
  { name: 'backslashes', text: `\\\\"\\'<img src=x onerror=${call}>` },
];

const all: VectorTemplate[] = [
  ...scriptTags,
  ...eventHandlers,
  ...attributeBreaking,
  ...scriptContext,
  ...urlSchemes,
  ...injectedElements,
  ...templates,
  ...encoded,
  ...polyglots,
  ...benign,
];

export const xssVectors: XssVector[] = all.map((template, index) => {
  const id = index + 1;
  const text = template.text.replaceAll('$ID', String(id)).replace(/\$BASE64\((.*)\)/, (_, plain: string) => Buffer.from(plain).toString('base64'));
  return { id, name: template.name, text, ...(template.isRaw ? { isRaw: true } : {}) };
});

/** A vector placed in a URL: percent-encoded, unless it is raw already. */
export function urlComponentOf(vector: XssVector): string {
  return vector.isRaw ? vector.text : encodeURIComponent(vector.text);
}
