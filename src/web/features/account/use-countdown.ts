import { useEffect, useState } from 'react';

/** A once-a-second countdown (the 60-second SMS resend wait of spec §4). */
export function useCountdown(seconds: number) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);
  return { secondsLeft, isCounting: secondsLeft > 0, start: () => setSecondsLeft(seconds) };
}
