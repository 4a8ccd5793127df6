import { useState } from 'react';
import { helpErrors, helpMessages, type HelpVotes } from '../../../contract/help.ts';
import { helpCalls } from '../../../contract/help-calls.ts';
import { ApiError, callApi, errorMessageOf } from '../../lib/api-client.ts';
import { showToast, toastIfMessage } from '../../ui/toast.ts';

/** "这篇帮助对您有用吗": one vote, then the counts the server answered; the buttons stay off once voted. */
export function useHelpfulVote(slug: string, initial: HelpVotes) {
  const [votes, setVotes] = useState(initial);
  const [isBusy, setIsBusy] = useState(false);

  async function vote(isHelpful: boolean): Promise<void> {
    if (isBusy || votes.myVote !== null) return;
    setIsBusy(true);
    try {
      const answer = await callApi(helpCalls.vote, { slug, isHelpful });
      setVotes({ helpfulCount: answer.helpfulCount, unhelpfulCount: answer.unhelpfulCount, myVote: answer.myVote });
      showToast(helpMessages.voted);
    } catch (error) {
      toastIfMessage(errorMessageOf(error));
      // Voted already (another tab, a double click): the buttons go off; the counts are those of the page.
      if (error instanceof ApiError && error.errorCode === helpErrors.alreadyVoted.errorCode) setVotes((current) => ({ ...current, myVote: isHelpful }));
    } finally {
      setIsBusy(false);
    }
  }

  return { votes, isBusy, vote: (isHelpful: boolean) => void vote(isHelpful) };
}
