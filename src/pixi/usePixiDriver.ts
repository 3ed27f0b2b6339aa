import { useEffect } from 'react';
import { finiteNumber, optionsObject } from '../core/validate.js';
import { useFrameScheduler } from '../react/useFrameScheduler.js';
import { drivePixi } from './drivePixi.js';
import type { DrivePixiOptions, PixiApplicationLike } from './drivePixi.js';

/**
 * {@link drivePixi} for a component: the PixiJS `Application` runs on the scheduler of the nearest
 * `<FrameProvider>` (or the default one) while the component is mounted. Pass `null` until the
 * application's `init()` has finished; with `@pixi/react`, pass `useApplication().app`.
 */
export function usePixiDriver(app: PixiApplicationLike | null | undefined, options?: DrivePixiOptions): void {
  // Checked at render, so a bad option fails at mount naming this hook (drivePixi checks in the effect).
  const o = optionsObject('usePixiDriver', options, false, ['priority']);
  const priority = o.priority === undefined ? undefined : finiteNumber('usePixiDriver', 'priority', o.priority);
  const scheduler = useFrameScheduler();
  useEffect(() => {
    if (!app) return;
    return drivePixi(app, scheduler, { priority });
  }, [app, scheduler, priority]);
}
