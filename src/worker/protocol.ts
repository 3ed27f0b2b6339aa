/**
 * What the page and a simulation's worker say to each other, and the one layout of a published
 * state (a "slot"): a header of numbers, the state before the step, the state after it. Both
 * transports carry the same slots: shared memory holds three of them, a message carries one.
 * Times in a slot are ms on the worker's clock; the page maps them once (timeOrigin.ts). @internal
 */
import type { FixedStepOverload, InputEventInit } from '../core/internal.js';

/** Numbers before the states in a slot. */
export const HEADER_LENGTH = 10;

/** A slot's header with named fields (read and written by the two functions below only). */
export interface SlotHeader {
  /** The step that made this state; −1 for the state `init` wrote. */
  stepIndex: number;
  /** Worker ms at which the step's game time began and ended (its span). */
  stepStartMs: number;
  stepEndMs: number;
  /** Worker ms at which the step ran. */
  ranAtMs: number;
  /** Steps run since time zero, and game seconds 'slow-motion' dropped. */
  totalSteps: number;
  totalDroppedSeconds: number;
  /** Game seconds since time zero. */
  elapsedGameSeconds: number;
  /** 1 while the worker's clock is paused, else 0. */
  paused: number;
  /** Worker ms at which it was paused (NaN while running): the picture stands still there. */
  pausedAtMs: number;
  /** Game seconds per real second. */
  timeScale: number;
}

export function emptyHeader(): SlotHeader {
  return { stepIndex: -1, stepStartMs: 0, stepEndMs: 0, ranAtMs: 0, totalSteps: 0, totalDroppedSeconds: 0, elapsedGameSeconds: 0, paused: 0, pausedAtMs: NaN, timeScale: 1 };
}

/** The header's place in a slot: this function and {@link readHeader} are the whole layout. */
export function writeHeader(from: SlotHeader, to: Float64Array): void {
  to[0] = from.stepIndex;
  to[1] = from.stepStartMs;
  to[2] = from.stepEndMs;
  to[3] = from.ranAtMs;
  to[4] = from.totalSteps;
  to[5] = from.totalDroppedSeconds;
  to[6] = from.elapsedGameSeconds;
  to[7] = from.paused;
  to[8] = from.pausedAtMs;
  to[9] = from.timeScale;
}

export function readHeader(from: Float64Array, to: SlotHeader): void {
  to.stepIndex = from[0]!;
  to.stepStartMs = from[1]!;
  to.stepEndMs = from[2]!;
  to.ranAtMs = from[3]!;
  to.totalSteps = from[4]!;
  to.totalDroppedSeconds = from[5]!;
  to.elapsedGameSeconds = from[6]!;
  to.paused = from[7]!;
  to.pausedAtMs = from[8]!;
  to.timeScale = from[9]!;
}

/** One slot's views: made once per slot (shared memory) or per message, never per frame. */
export interface SlotView {
  readonly buffer: ArrayBufferLike;
  readonly header: Float64Array;
  /** The state before the step. */
  readonly previous: Float64Array;
  /** The state after it. */
  readonly current: Float64Array;
}

/** Numbers in one slot. */
export const slotLength = (stateLength: number): number => HEADER_LENGTH + 2 * stateLength;

export function slotView(buffer: ArrayBufferLike, byteOffset: number, stateLength: number): SlotView {
  const numbers = new Float64Array(buffer, byteOffset, slotLength(stateLength));
  return {
    buffer,
    header: numbers.subarray(0, HEADER_LENGTH),
    previous: numbers.subarray(HEADER_LENGTH, HEADER_LENGTH + stateLength),
    current: numbers.subarray(HEADER_LENGTH + stateLength),
  };
}

/** The fixed clock's options a worker runs with, checked on the page. */
export interface ClockOptions {
  step: number;
  maxSteps: number;
  overload: FixedStepOverload;
  timeScale: number;
  paused: boolean;
}

export type Transport = 'shared' | 'message';

/** Page → worker. */
export type ToWorker =
  | { type: 'start'; clock: ClockOptions; transport: Transport; shared: SharedArrayBuffer | null; props: unknown }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stepOnce' }
  | { type: 'timeScale'; timeScale: number }
  | { type: 'grid'; step: number; maxSteps: number; overload: FixedStepOverload }
  | { type: 'props'; props: unknown }
  | { type: 'input'; event: InputEventInit }
  | { type: 'message'; data: unknown }
  | { type: 'recycle'; buffer: ArrayBuffer };

/** Worker → page. */
export type FromWorker =
  | { type: 'ready'; timeOrigin: number; stateLength: number; isolated: boolean }
  | { type: 'state'; buffer: ArrayBuffer }
  | { type: 'error'; name: string; message: string; stack: string; stepIndex: number | null }
  | { type: 'message'; data: unknown };

/** What both sides post through: a Worker, a worker's global scope, or an in-process port. */
export interface Endpoint {
  /** Send a message (structured-cloned; `transfer`: buffers moved, not copied). */
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * This thread may share memory: a browser says so with `crossOriginIsolated`; where it is not
 * defined at all (Node, a test DOM) SharedArrayBuffer works as it is.
 */
export function canShareMemory(): boolean {
  return typeof SharedArrayBuffer === 'function' && (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false;
}
