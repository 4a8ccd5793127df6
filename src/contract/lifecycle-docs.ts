import { actorKindLabels, ActorKind, type ActorRule, type Lifecycle } from './lifecycle.ts';

/**
 * A lifecycle written out for people: a Mermaid state diagram and a transition table, drawn from
 * the same declaration the server enforces (docs/decisions/0018-lifecycles.md is generated from
 * these, and a test keeps it so).
 */

function actorText(rule: ActorRule): string {
  return rule.kind === ActorKind.staff ? `${actorKindLabels.staff}（${rule.subject}:${rule.action}）` : actorKindLabels[rule.kind];
}

export function mermaidDiagram<State extends string, Event extends string, Facts extends { state: State }>(lifecycle: Lifecycle<State, Event, Facts>): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${lifecycle.initial}`];
  for (const state of lifecycle.stateNames) lines.push(`  ${state}: ${lifecycle.states[state].label}`);
  for (const event of lifecycle.eventNames) {
    const spec = lifecycle.events[event];
    const who = [...new Set(spec.actors.map((rule) => actorKindLabels[rule.kind]))].join('/');
    for (const from of spec.from) lines.push(`  ${from} --> ${spec.to === 'same' ? from : spec.to}: ${spec.label}（${who}）`);
  }
  for (const state of lifecycle.stateNames) if (lifecycle.states[state].isFinal) lines.push(`  ${state} --> [*]`);
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

export function transitionTable<State extends string, Event extends string, Facts extends { state: State }>(lifecycle: Lifecycle<State, Event, Facts>): string {
  const rows = ['| 事件 | 从 | 到 | 谁 | 条件 | 效果 |', '| --- | --- | --- | --- | --- | --- |'];
  for (const event of lifecycle.eventNames) {
    const spec = lifecycle.events[event];
    const from = spec.from.map((state) => lifecycle.states[state].label).join('、');
    const to = spec.to === 'same' ? '（不变）' : lifecycle.states[spec.to].label;
    const guards = (spec.guards ?? []).map((guard) => guard.description).join('；') || '—';
    const effects = (spec.effects ?? []).join('；') || '—';
    rows.push(
      `| ${cell(`${spec.label} \`${event}\``)} | ${cell(from)} | ${cell(to)} | ${cell(spec.actors.map(actorText).join('、'))} | ${cell(guards)} | ${cell(effects)} |`,
    );
  }
  return rows.join('\n');
}

/** One lifecycle's section of the decision record. */
export function lifecycleSection<State extends string, Event extends string, Facts extends { state: State }>(
  lifecycle: Lifecycle<State, Event, Facts>,
): string {
  const states = lifecycle.stateNames
    .map((state) => `\`${state}\` ${lifecycle.states[state].label}${lifecycle.states[state].isFinal ? '（终态）' : ''}`)
    .join('，');
  return [
    `## ${lifecycle.title} (\`${lifecycle.name}\`)`,
    '',
    `状态：${states}。`,
    '',
    '```mermaid',
    mermaidDiagram(lifecycle),
    '```',
    '',
    transitionTable(lifecycle),
    '',
  ].join('\n');
}
