import { useRef, useState } from 'react';
import { Quaternion, Vector3 } from 'three';
import { useFrame as useR3FFrame } from '@react-three/fiber';
import { FrameProvider, useFixedTimestep, useFrame, useRefreshRate } from 'react-timestep';
import { TimestepCanvas, createInterpolatedTransform } from 'react-timestep/r3f';

const STEP = 1 / 30; // a coarse step on purpose: interpolation is what keeps the motion smooth
const AXIS = new Vector3(0.3, 1, 0.2).normalize();

/** A cube moved and turned by fixed steps and drawn interpolated between the last two. */
function Cube({ counters }) {
  const mesh = useRef(null);
  const [transform] = useState(() => createInterpolatedTransform());
  const angle = useRef(0);
  const [rotation] = useState(() => new Quaternion());

  useFixedTimestep({
    step: STEP,
    update: (dt) => {
      transform.snapshot(); // previous ← current, before this step moves it
      angle.current += 1.5 * dt;
      transform.position.current[0] = 1.5 * Math.sin(angle.current);
      transform.quaternion.set(rotation.setFromAxisAngle(AXIS, angle.current));
      counters.updates++;
    },
    render: (alpha) => {
      if (mesh.current) transform.apply(alpha, mesh.current);
    },
  });
  // r3f's own per-frame hook still works: it runs inside the scheduler's render of the canvas.
  useR3FFrame(() => {
    counters.r3fFrames++;
  });

  return (
    <mesh ref={mesh}>
      <boxGeometry args={[1, 1, 1]} />
      <meshStandardMaterial color="orange" />
    </mesh>
  );
}

/** Shows the counters without re-rendering: written into the DOM once a frame. */
function Hud({ counters }) {
  const updates = useRef(null);
  const r3fFrames = useRef(null);
  useFrame(
    () => {
      updates.current.textContent = String(counters.updates);
      r3fFrames.current.textContent = String(counters.r3fFrames);
    },
    { phase: 'after' },
  );
  const { refreshRate } = useRefreshRate();
  return (
    <div className="hud">
      <span>fixed updates <b data-testid="updates" ref={updates}>0</b></span>
      <span>r3f frames <b data-testid="r3f-frames" ref={r3fFrames}>0</b></span>
      <span>display <b data-testid="refresh-rate">{refreshRate}</b> Hz</span>
    </div>
  );
}

export function App() {
  const [counters] = useState(() => ({ updates: 0, r3fFrames: 0 }));
  return (
    <FrameProvider>
      <div className="scene">
        {/* preserveDrawingBuffer: only so the test can read the picture back */}
        <TimestepCanvas camera={{ position: [0, 0, 4] }} gl={{ preserveDrawingBuffer: true }}>
          <ambientLight intensity={0.6} />
          <directionalLight position={[2, 3, 4]} intensity={2} />
          <Cube counters={counters} />
        </TimestepCanvas>
      </div>
      <Hud counters={counters} />
    </FrameProvider>
  );
}
