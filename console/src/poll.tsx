import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiProblem } from './api.ts';
import { ProblemView } from './forms.tsx';

/**
 * Runs `task` now and every `ms` after it settles until it answers true (the work ended) or the
 * component leaves the page. A failed round is kept as the poll's trouble and retried; the next
 * round that succeeds clears it.
 */
export function usePoll(ms: number, task: () => Promise<boolean>): unknown {
  const [trouble, setTrouble] = useState<unknown>(null);
  // Run once: one poll per mount; the page is remounted to start another
  useEffect(() => {
    let left = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const round = async () => {
      let ended = false;
      try {
        ended = await task();
        if (!left) setTrouble(null);
      } catch (error) {
        if (!left) setTrouble(error);
      }
      if (!left && !ended) timer = setTimeout(round, ms);
    };
    void round();
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, []);
  return trouble;
}

/**
 * The service is down or unreachable: no answer, or a gateway's 502/503/504 (CloudFront's, without
 * the API's problem code). The API's own 503 carries a code and detail, shown as a problem.
 */
function unreachable(error: unknown): boolean {
  if (!(error instanceof ApiProblem)) return false;
  return error.status === 0 || ([502, 503, 504].includes(error.status) && error.code === null);
}

/**
 * What went wrong in the last round of a poll: an unreachable service is a state that passes (the
 * poll retries and the page recovers by itself), anything else the API's problem.
 */
export function PollTrouble(props: { trouble: unknown; ms: number }): JSX.Element | null {
  if (!props.trouble) return null;
  if (unreachable(props.trouble)) {
    return (
      <p class="offline" role="status">
        {`Cannot reach the service; retrying every ${props.ms / 1000} seconds.`}
      </p>
    );
  }
  return <ProblemView error={props.trouble} />;
}
