import { afterEach, describe, expect, it } from 'vitest';
import { Ticker } from 'pixi.js';
import { createFrameScheduler } from '../../src/scheduler/createFrameScheduler.js';
import { drivePixi } from '../../src/pixi/drivePixi.js';
import { createManualFrameSource } from '../../src/testing/manualFrameSource.js';

const stops: Array<() => void> = [];
afterEach(() => {
  while (stops.length) stops.pop()!();
});

function setup() {
  const source = createManualFrameSource({ refreshRate: 60 });
  const scheduler = createFrameScheduler({ source });
  const app = { ticker: new Ticker() };
  app.ticker.autoStart = true;
  return { source, scheduler, app };
}

describe('drivePixi', () => {
  it('stops the Pixi tickers and updates them once per scheduler frame with its timestamp', () => {
    const { source, scheduler, app } = setup();
    const seen: number[] = [];
    const systemSeen: number[] = [];
    app.ticker.add((t) => void seen.push(t.lastTime));
    const onSystem = (t: Ticker) => void systemSeen.push(t.lastTime);
    Ticker.system.add(onSystem);
    stops.push(() => Ticker.system.remove(onSystem));
    stops.push(drivePixi(app, scheduler));
    expect(app.ticker.started).toBe(false);
    expect(Ticker.system.started).toBe(false);
    expect(Ticker.shared.started).toBe(false);
    source.advanceFrames(3);
    // Listeners see the ticker's new lastTime only after the call; count the calls instead.
    expect(seen).toHaveLength(3);
    expect(systemSeen).toHaveLength(3);
    expect(app.ticker.lastTime).toBe(50);
    expect(Ticker.system.lastTime).toBe(50);
  });

  it('runs the listeners once per frame when two drivers share a ticker', () => {
    const { source, scheduler, app } = setup();
    let calls = 0;
    app.ticker.add(() => void calls++);
    stops.push(drivePixi(app, scheduler));
    stops.push(drivePixi(app, scheduler));
    source.advanceFrames(4);
    expect(calls).toBe(4);
  });

  it('runs after the other render subscribers of the frame', () => {
    const { source, scheduler, app } = setup();
    const order: string[] = [];
    app.ticker.add(() => void order.push('pixi'));
    stops.push(drivePixi(app, scheduler));
    scheduler.subscribe(() => void order.push('render 1e6'), { phase: 'render', priority: 1e6 });
    scheduler.subscribe(() => void order.push('update'));
    source.advanceFrames(1);
    expect(order).toEqual(['update', 'render 1e6', 'pixi']);
  });

  it('gives the tickers back as they were when the last driver stops', () => {
    const { scheduler, app } = setup();
    const wasSystemStarted = Ticker.system.started;
    app.ticker.start();
    const stopA = drivePixi(app, scheduler);
    const stopB = drivePixi(app, scheduler);
    stopA();
    expect(app.ticker.started).toBe(false); // B still holds it
    stopB();
    expect(app.ticker.started).toBe(true);
    expect(app.ticker.autoStart).toBe(true);
    expect(Ticker.system.started).toBe(wasSystemStarted);
    stopB(); // idempotent
    expect(scheduler.subscriberCount).toBe(0);
    app.ticker.stop();
  });

  it('rejects an application without a ticker and a bad priority, naming drivePixi', () => {
    const { scheduler, app } = setup();
    expect(() => drivePixi({} as never, scheduler)).toThrow(TypeError);
    expect(() => drivePixi({} as never, scheduler)).toThrow(/drivePixi: `app` must be a PixiJS Application/);
    expect(() => drivePixi(app, scheduler, { priority: Number.NaN })).toThrow(/drivePixi: option `priority`/);
  });
});

describe('drivePixi options', () => {
  it('a misspelt option name is a RangeError naming drivePixi and the option', () => {
    const scheduler = createFrameScheduler({ source: createManualFrameSource(), frameloop: 'manual' });
    expect(() => drivePixi({ ticker: new Ticker() } as never, scheduler, { priorty: 1 } as never)).toThrow(/^drivePixi: unknown option `priorty`/);
    scheduler.destroy();
  });
});
