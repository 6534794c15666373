/** Coins for the `streak`-th day in a row: the rewards cycle once the last day is passed. */
export const rewardFor = (rewards: readonly number[], streak: number) => rewards[(streak - 1) % rewards.length] ?? 0;
