import { useRef, version } from 'react';
import { GameCanvas, useFrame, useRefreshRate } from 'react-timestep';
import { FrameTimingOverlay } from 'react-timestep/devtools';

const STEP_SECONDS = 1 / 60;
const GRAVITY = 900; // px/s²
const ELASTICITY = 0.8;

/** A ball under gravity: fixed-step physics, interpolated drawing. */
function BouncingBall() {
  // previous and current state: render blends them with alpha
  const ball = useRef({ y: 20, previousY: 20, vy: 0 });
  const updates = useRef(0);
  const counter = useRef(null);

  const update = (dt) => {
    const state = ball.current;
    state.previousY = state.y;
    state.vy += GRAVITY * dt;
    state.y += state.vy * dt;
    if (state.y > 180) {
      state.y = 180;
      state.vy = -state.vy * ELASTICITY;
      if (Math.abs(state.vy) < 60) state.vy = -520; // keep it bouncing forever
    }
    updates.current += 1;
  };

  const render = (alpha, _frame, { ctx }) => {
    const state = ball.current;
    const y = state.previousY + (state.y - state.previousY) * alpha;
    ctx.clearRect(0, 0, 320, 200);
    ctx.fillStyle = '#1d4ed8';
    ctx.beginPath();
    ctx.arc(160, y, 16, 0, Math.PI * 2);
    ctx.fill();
    if (counter.current) counter.current.textContent = String(updates.current);
  };

  return (
    <div>
      <GameCanvas step={STEP_SECONDS} update={update} render={render} width={320} height={200} aria-label="Bouncing ball" />
      <p>
        updates: <output data-testid="updates" ref={counter}>0</output>
      </p>
    </div>
  );
}

/** A frame counter on the shared loop, written to the DOM without React state. */
function FrameCounter() {
  const output = useRef(null);
  useFrame((frame) => {
    if (output.current) output.current.textContent = String(frame.frameIndex);
  });
  return (
    <p>
      frames: <output data-testid="frames" ref={output}>0</output>
    </p>
  );
}

function RefreshRate() {
  const estimate = useRefreshRate();
  return (
    <p>
      display: <output data-testid="refresh-rate">{estimate.refreshRate}</output> Hz ({estimate.state})
    </p>
  );
}

export function App() {
  return (
    <main>
      <h1>react-timestep example</h1>
      <p data-testid="react-version">React {version}</p>
      <BouncingBall />
      <FrameCounter />
      <RefreshRate />
      {/* Frame timing over the page (press \` to hide it); last, so the ball's canvas stays the first. */}
      <FrameTimingOverlay position="bottom-right" />
    </main>
  );
}
