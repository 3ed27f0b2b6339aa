import { useEffect } from 'react';
import { finiteNumber, optionsObject } from '../core/internal.js';
import { useFrameScheduler } from '../react/index.js';
import { drivePixi } from './drivePixi.js';
import type { DrivePixiOptions, PixiApplicationLike } from './drivePixi.js';

/** {@link drivePixi} while mounted, on the nearest scheduler; pass `null` until `init()` has finished. */
export function usePixiDriver(app: PixiApplicationLike | null | undefined, options?: DrivePixiOptions): void {
  // At render, so a bad option fails at mount naming this hook (drivePixi checks in the effect).
  const o = optionsObject('usePixiDriver', options, false, ['priority']);
  const priority = o.priority === undefined ? undefined : finiteNumber('usePixiDriver', 'priority', o.priority);
  const scheduler = useFrameScheduler();
  useEffect(() => {
    if (!app) return;
    return drivePixi(app, scheduler, { priority });
  }, [app, scheduler, priority]);
}
