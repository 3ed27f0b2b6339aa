// A small game used by the record/replay tests (jsdom and Chromium): it logs, per fixed step, the
// step's index, the input events the step received and what is held; per frame, the alpha.
import type { ReactNode } from 'react';
import { FixedClockProvider, useFixedRender, useFixedUpdate, useStepInput } from '../../src/index.js';

export interface GameLog {
  /** One line per step: `index | kind:code … | held`. */
  steps: string[];
  /** One alpha per frame. */
  alphas: number[];
}

export function createGameLog(): GameLog {
  return { steps: [], alphas: [] };
}

function Player({ log }: { log: GameLog }) {
  const input = useStepInput();
  useFixedUpdate((_dt, step) => {
    const q = input.step;
    let line = `${step.index} |`;
    for (let i = 0; i < q.count; i++) {
      const e = q.event(i);
      line += ` ${e.kind}:${e.code || `${Math.round(e.x)},${Math.round(e.y)}`}`;
    }
    log.steps.push(`${line} | ${q.isDown('Space') ? 'Space' : '-'}`);
  });
  useFixedRender((alpha) => void log.alphas.push(alpha));
  return null;
}

/** The game: one shared clock of `step` seconds (`children` join it, e.g. an overlay); `paused` and `interpolation` are the provider's props. */
export function TimingGame({ log, step = 1 / 60, paused, interpolation, children }: { log: GameLog; step?: number; paused?: boolean; interpolation?: 'none' | 'previous'; children?: ReactNode }) {
  return (
    <FixedClockProvider step={step} maxSteps={8} paused={paused} interpolation={interpolation}>
      <Player log={log} />
      {children}
    </FixedClockProvider>
  );
}
