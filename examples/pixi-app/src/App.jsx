import { useEffect, useRef, useState } from 'react';
import { Application, Graphics } from 'pixi.js';
import Matter from 'matter-js';
import { FrameProvider, useFixedTimestep, useFrame, useRefreshRate } from 'react-timestep';
import { createInterpolatedTransform2D, usePixiDriver } from 'react-timestep/pixi';
import { FrameTimingOverlay } from 'react-timestep/devtools';

const WIDTH = 480;
const HEIGHT = 320;
const STEP = 1 / 60; // physics engines want a constant step: matter-js is stepped by exactly this
const BOXES = 12;

/** A Pixi application created for the component's lifetime; null until `init()` has finished. */
function usePixiApp(host) {
  const [app, setApp] = useState(null);
  useEffect(() => {
    let cancelled = false;
    const created = new Application();
    // autoStart: false — the scheduler renders it (usePixiDriver), Pixi's ticker never runs its own loop.
    // preserveDrawingBuffer: only so the test can read the picture back.
    const ready = created.init({ width: WIDTH, height: HEIGHT, background: '#1b1f2a', autoStart: false, preserveDrawingBuffer: true, antialias: true });
    ready.then(() => {
      if (cancelled) return;
      host.current.appendChild(created.canvas);
      setApp(created);
    });
    return () => {
      cancelled = true;
      setApp(null);
      ready.then(() => created.destroy(true, { children: true }));
    };
  }, [host]);
  return app;
}

/** Boxes falling on a floor: matter-js stepped at the fixed step, sprites drawn between the last two steps. */
function Physics({ app, counters }) {
  usePixiDriver(app);
  const [world] = useState(() => {
    const engine = Matter.Engine.create({ enableSleeping: false });
    const floor = Matter.Bodies.rectangle(WIDTH / 2, HEIGHT + 20, WIDTH * 2, 60, { isStatic: true });
    const bodies = [];
    for (let i = 0; i < BOXES; i++) {
      bodies.push(Matter.Bodies.rectangle(40 + ((i * 37) % (WIDTH - 80)), -40 - i * 45, 26, 26, { restitution: 0.5, angle: i * 0.3 }));
    }
    Matter.Composite.add(engine.world, [floor, ...bodies]);
    const transforms = bodies.map((b) => createInterpolatedTransform2D({ position: [b.position.x, b.position.y], rotation: b.angle }));
    return { engine, bodies, transforms, sprites: [] };
  });

  useEffect(() => {
    if (!app) return;
    world.sprites = world.bodies.map((_, i) => {
      const sprite = new Graphics().rect(-13, -13, 26, 26).fill(i % 2 ? 0xffb347 : 0x4fc3f7);
      app.stage.addChild(sprite);
      return sprite;
    });
    // Code that uses Pixi's ticker keeps working: the driver updates it once per scheduler frame.
    const tick = () => void counters.pixiTicks++;
    app.ticker.add(tick);
    return () => {
      app.ticker?.remove(tick);
      world.sprites.forEach((s) => s.destroy());
      world.sprites = [];
    };
  }, [app, world, counters]);

  useFixedTimestep({
    step: STEP,
    update: (dt) => {
      const { engine, bodies, transforms } = world;
      for (const t of transforms) t.snapshot();
      Matter.Engine.update(engine, dt * 1000);
      for (let i = 0; i < bodies.length; i++) {
        const body = bodies[i];
        const t = transforms[i];
        // Settled or knocked off screen: drop it again from the top, with no streak across the screen.
        if (body.position.y > HEIGHT + 100 || (body.speed < 0.05 && counters.updates % 240 === i * 20)) {
          Matter.Body.setPosition(body, { x: 40 + Math.random() * (WIDTH - 80), y: -40 });
          Matter.Body.setVelocity(body, { x: (Math.random() - 0.5) * 4, y: 0 });
          t.position.set([body.position.x, body.position.y]);
          t.rotation.current = body.angle;
          t.teleport();
          continue;
        }
        t.position.current[0] = body.position.x;
        t.position.current[1] = body.position.y;
        t.rotation.current = body.angle;
      }
      counters.updates++;
    },
    render: (alpha) => {
      const { sprites, transforms } = world;
      for (let i = 0; i < sprites.length; i++) transforms[i].apply(alpha, sprites[i]);
    },
  });
  return null;
}

function Hud({ counters }) {
  const updates = useRef(null);
  const frames = useRef(null);
  const pixiTicks = useRef(null);
  useFrame(
    () => {
      counters.frames++;
      updates.current.textContent = String(counters.updates);
      frames.current.textContent = String(counters.frames);
      pixiTicks.current.textContent = String(counters.pixiTicks);
    },
    { phase: 'after' },
  );
  const { refreshRate } = useRefreshRate();
  return (
    <div className="hud">
      <span>physics steps <b data-testid="updates" ref={updates}>0</b></span>
      <span>frames <b data-testid="frames" ref={frames}>0</b></span>
      <span>Pixi ticks <b data-testid="pixi-ticks" ref={pixiTicks}>0</b></span>
      <span>display <b data-testid="refresh-rate">{refreshRate}</b> Hz</span>
    </div>
  );
}

export function App() {
  const host = useRef(null);
  const app = usePixiApp(host);
  const [counters] = useState(() => ({ updates: 0, frames: 0, pixiTicks: 0 }));
  return (
    <FrameProvider>
      <div className="scene" ref={host} />
      <Physics app={app} counters={counters} />
      <Hud counters={counters} />
      {/* Frame timing over the page (press \` to hide it); after the scene, so Pixi's canvas stays the first. */}
      <FrameTimingOverlay position="bottom-right" />
    </FrameProvider>
  );
}
