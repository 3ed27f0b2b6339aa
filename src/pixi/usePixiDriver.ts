import { useEffect } from 'react';
import { checkArgument, finite } from '../core/internal.js';
import { useFrameScheduler } from '../react/index.js';
import { drivePixi } from './drivePixi.js';
import type { DrivePixiOptions, PixiApplicationLike } from './drivePixi.js';

const RULES = { priority: finite() };
const NAMES = ['priority'];

/** {@link drivePixi} while mounted, on the nearest scheduler; pass `null` until `init()` has finished. */
export function usePixiDriver(app: PixiApplicationLike | null | undefined, options?: DrivePixiOptions): void {
  // At render, so a bad option fails at mount naming this hook (drivePixi checks in the effect).
  const { priority } = checkArgument('usePixiDriver', options, false, RULES, NAMES);
  const scheduler = useFrameScheduler();
  useEffect(() => {
    if (!app) return;
    return drivePixi(app, scheduler, { priority });
  }, [app, scheduler, priority]);
}
