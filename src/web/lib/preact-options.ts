/**
 * Preact's global hooks, set so that the pages behave in the browser as they do under React
 * (decision 0016). Loaded by browser-react.ts, which the browser build gets for `react`.
 */
import { options } from 'preact';

let isHydrating = false;

/** Runs a hydration (synchronous in Preact), telling the components it renders that they are being hydrated. */
export function whileHydrating<Result>(hydrate: () => Result): Result {
  isHydrating = true;
  try {
    return hydrate();
  } finally {
    isHydrating = false;
  }
}

export function isHydratingNow(): boolean {
  return isHydrating;
}

/**
 * Effects run as soon as the render that scheduled them is done (a microtask), as React runs those
 * of a render a key or a click caused: Preact's default waits for an animation frame or 100 ms,
 * which never come in a background tab or under a paused test clock, and a timer an effect starts
 * (the search box's 200 ms wait) would start late.
 */
options.requestAnimationFrame = (runEffects) => queueMicrotask(runEffects);

/** Attributes compared at hydration, and the names under which compat hands them over. */
const checkedAttributes: readonly (readonly [prop: string, attribute: string])[] = [
  ['id', 'id'],
  ['class', 'class'],
  ['className', 'class'],
  ['for', 'for'],
  ['htmlFor', 'for'],
  ['href', 'href'],
  ['role', 'role'],
];

function reportAttributeMismatch(type: string, element: Element, props: Record<string, unknown>) {
  const differ = (prop: string, attribute: string) => {
    const value = props[prop];
    return (typeof value === 'string' || typeof value === 'number') && element.getAttribute(attribute) !== String(value);
  };
  const names = Object.keys(props).filter((prop) => /^(aria|data)-/.test(prop) && differ(prop, prop));
  for (const [prop, attribute] of checkedAttributes) if (differ(prop, attribute)) names.push(attribute);
  if (names.length > 0)
    console.error(
      `hydration: <${type}> ${names.map((name) => `${name}="${element.getAttribute(name) ?? ''}"`).join(' ')} differ from the browser's first render`,
    );
}

/** What each controlled field was last rendered with: its value, or a check box's or radio's checked. */
const renderedValues = new WeakMap<Element, string>();
const renderedChecks = new WeakMap<Element, boolean>();

/**
 * React puts a controlled field back when its handler keeps the state as it was (a quantity box
 * refusing a letter, a coupon that cannot be chosen); Preact leaves what was typed or clicked. By the
 * time the event bubbles to the document, Preact has rendered what the handler set, so the field is
 * set back to that here.
 */
function restoreControlledField(event: Event) {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || (event as InputEvent).isComposing) return;
  const value = renderedValues.get(field);
  if (value !== undefined && field.value !== value) field.value = value;
  // A check box fires input before change, and its handler listens to change.
  const checked = event.type === 'change' ? renderedChecks.get(field) : undefined;
  if (field instanceof HTMLInputElement && checked !== undefined && field.checked !== checked) field.checked = checked;
}
if (typeof document !== 'undefined') {
  document.addEventListener('input', restoreControlledField);
  document.addEventListener('change', restoreControlledField);
}

function rememberControlledField(element: Element, props: { value?: unknown; checked?: unknown }) {
  const { value, checked } = props;
  if (typeof value === 'string' || typeof value === 'number') renderedValues.set(element, String(value));
  else renderedValues.delete(element);
  if (typeof checked === 'boolean') renderedChecks.set(element, checked);
  else renderedChecks.delete(element);
}

/**
 * React reports markup the browser would render differently at hydration; Preact keeps the server's
 * attributes without a word, so a wrong first value would stay on the page. Report it as React did
 * (a console error, which fails the Chromium journeys). Preact calls these hooks by their mangled names
 * (`__e` is a vnode's element, `__m` the hook for an element hydration had to create).
 */
const previousDiffed = options.diffed?.bind(options);
options.diffed = (vnode) => {
  const element = (vnode as unknown as { __e?: Element | null }).__e;
  if (typeof vnode.type === 'string' && element instanceof Element) {
    if (isHydrating) reportAttributeMismatch(vnode.type, element, vnode.props);
    if (vnode.type === 'input' || vnode.type === 'textarea') rememberControlledField(element, vnode.props as { value?: unknown; checked?: unknown });
  }
  previousDiffed?.(vnode);
};
const hydrationHooks = options as unknown as { __m?: (vnode: { type: unknown; props: Record<string, unknown> }) => void };
hydrationHooks.__m = ({ type, props }) => {
  const named = ['class', 'className', 'data-testid'].map((prop) => props[prop]).find((value) => typeof value === 'string');
  console.error(`hydration: the browser made a new <${String(type)}${named === undefined ? '' : ` ${named}`}> the server did not send`);
};
