import { appTooOld } from '../../shared/device';
import { ResultCode } from '../../shared/errors';
import { AppError } from '../http/app-error';
import type { Campaign } from './campaign';

/**
 * An app older than the campaign's `minAppVersion` is told to update
 * ('Please update to the latest version to join the event.') before it joins or takes part.
 */
export function assertAppVersion(c: Campaign, userAgent: string | undefined): void {
  if (appTooOld(userAgent, c.settings.minAppVersion)) throw new AppError(ResultCode.updateRequired);
}
