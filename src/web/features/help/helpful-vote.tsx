import type { HelpVotes } from '../../../contract/help.ts';
import { useHelpfulVote } from './use-helpful-vote.ts';

export function HelpfulVote({ slug, initial }: { slug: string; initial: HelpVotes }) {
  const { votes, isBusy, vote } = useHelpfulVote(slug, initial);
  const hasVoted = votes.myVote !== null;
  return (
    <section className="help-vote" aria-label="这篇帮助对您有用吗">
      <span className="help-vote__question">这篇帮助对您有用吗？</span>
      <button
        type="button"
        className={votes.myVote === true ? 'help-vote__button is-chosen' : 'help-vote__button'}
        disabled={hasVoted || isBusy}
        onClick={() => vote(true)}
        data-testid="help-vote-yes"
      >
        有用 <span data-testid="help-helpful-count">{votes.helpfulCount}</span>
      </button>
      <button
        type="button"
        className={votes.myVote === false ? 'help-vote__button is-chosen' : 'help-vote__button'}
        disabled={hasVoted || isBusy}
        onClick={() => vote(false)}
        data-testid="help-vote-no"
      >
        没用 <span data-testid="help-unhelpful-count">{votes.unhelpfulCount}</span>
      </button>
      {hasVoted && <span className="help-vote__thanks">感谢您的反馈！</span>}
    </section>
  );
}
