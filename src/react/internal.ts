/** What the package's other folders use from react/ and users do not see; the public names are in index.ts. @internal */
export { FIRST_IN_STEP, FixedClockContext, checkClockOptions, drawOn, useOwnClock } from './fixedClockContext.js';
export type { CanvasTarget, ClockScope, GameCanvasContextMap, GameCanvasContextType, GameCanvasDraw, GameCanvasSize } from './fixedClockContext.js';
export { useLatest } from './useLatest.js';
export { useClockBoundTransform, withClockBinding } from './useClockBoundTransform.js';
export { FrameSourceOverrideContext } from './frameSourceOverride.js';
export { useFrameLoop } from './useFrameLoop.js';
