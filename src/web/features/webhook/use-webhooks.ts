import { useState } from 'react';
import type { WebhookEndpointView, WebhookEventType, WebhookPageData } from '../../../contract/webhook.ts';
import { webhookMessages } from '../../../contract/webhook.ts';
import { webhookCalls } from '../../../contract/webhook-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { showToast } from '../../ui/toast.ts';
import { useBusyWork } from '../../lib/use-busy-work.ts';

/** The endpoint being written: a new one (endpointId null) or one being edited. */
export interface WebhookDraft {
  endpointId: number | null;
  url: string;
  events: WebhookEventType[];
}

const emptyDraft: WebhookDraft = { endpointId: null, url: '', events: [] };

function draftProblem(draft: WebhookDraft): string {
  if (!draft.url.trim()) return webhookMessages.urlEmpty;
  return draft.events.length === 0 ? webhookMessages.eventsEmpty : '';
}

/** The /user/webhooks page's state: endpoints, the form, a secret on show, and the calls behind every button. */
export function useWebhooks(initial: WebhookPageData) {
  const [data, setData] = useState(initial);
  const [draft, setDraft] = useState<WebhookDraft>(emptyDraft);
  const [secret, setSecret] = useState<{ endpointId: number; secret: string; isNew: boolean } | null>(null);
  const { isBusy, run } = useBusyWork();

  const save = () =>
    run(async () => {
      const problem = draftProblem(draft);
      if (problem) {
        showToast(problem);
        return;
      }
      const fields = { url: draft.url.trim(), events: draft.events };
      if (draft.endpointId === null) {
        const created = await callApi(webhookCalls.create, fields);
        setSecret({ endpointId: created.endpoint.endpointId, secret: created.secret, isNew: true });
        setData(created.page);
      } else {
        const current = data.endpoints.find((endpoint) => endpoint.endpointId === draft.endpointId);
        setData(await callApi(webhookCalls.update, { ...fields, endpointId: draft.endpointId, isActive: current?.isActive ?? true }));
        showToast(webhookMessages.saved);
      }
      setDraft(emptyDraft);
    });

  const setActive = (endpoint: WebhookEndpointView, isActive: boolean) =>
    run(async () => {
      setData(await callApi(webhookCalls.update, { endpointId: endpoint.endpointId, url: endpoint.url, events: endpoint.events, isActive }));
    });

  const act = (call: 'remove' | 'sendTest', endpointId: number, message: string) =>
    run(async () => {
      setData(await callApi(webhookCalls[call], { endpointId }));
      showToast(message);
    });

  const showSecret = (endpointId: number, isRotation: boolean) =>
    run(async () => {
      const answer = await callApi(isRotation ? webhookCalls.rotateSecret : webhookCalls.revealSecret, { endpointId });
      setSecret({ ...answer, isNew: isRotation });
      if (isRotation) showToast(webhookMessages.rotated);
    });

  const replay = (deliveryId: number) =>
    run(async () => {
      setData(await callApi(webhookCalls.replay, { deliveryId }));
      showToast(webhookMessages.replayQueued);
    });

  const refresh = () => run(async () => setData(await callApi(webhookCalls.list, {})));

  const edit = (endpoint: WebhookEndpointView) => setDraft({ endpointId: endpoint.endpointId, url: endpoint.url, events: endpoint.events });

  return {
    data,
    draft,
    setDraft,
    cancelEdit: () => setDraft(emptyDraft),
    secret,
    hideSecret: () => setSecret(null),
    isBusy,
    save,
    setActive,
    act,
    showSecret,
    replay,
    refresh,
    edit,
  };
}

export type WebhooksState = ReturnType<typeof useWebhooks>;
