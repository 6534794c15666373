import type { DashboardDay } from '../../../shared/api/console';

/** The dashboard's daily figures, in the order its cards, table and chart show them. */
export const SERIES = ['signUps', 'draws', 'wins', 'codesRedeemed', 'checkIns'] as const satisfies readonly (keyof DashboardDay)[];
