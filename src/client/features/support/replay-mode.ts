/** What the support replay answers to anything that would send or save (docs/SUPPORT.md). */
export const REPLAY_REFUSED = 'Replay mode: nothing is sent.';
