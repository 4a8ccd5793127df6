import type { HelpVoteResponse } from './help.ts';
import type { helpRequests } from './help-requests.ts';
import { publicCall } from './call.ts';

type Requests = typeof helpRequests;

/** The help centre's calls: visitors may vote (once per browser session, or once per member). */
export const helpCalls = {
  vote: publicCall<Requests['vote'], HelpVoteResponse>('/serve/api/help/vote'),
};
