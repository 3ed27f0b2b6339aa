import { useRef, useState } from 'react';
import { Quaternion, Vector3 } from 'three';
import { useFrame as useR3FFrame } from '@react-three/fiber';
import { FixedClockProvider, FrameProvider, useFixedUpdate, useFrame, useRefreshRate } from 'react-timestep';
import { TimestepCanvas, useInterpolatedTransform } from 'react-timestep/r3f';
import { FrameTimingOverlay } from 'react-timestep/devtools';

const STEP = 1 / 30; // a coarse step on purpose: interpolation is what keeps the motion smooth
const AXIS = new Vector3(0.3, 1, 0.2).normalize();

/**
 * A cube moved and turned by the shared fixed clock's steps and drawn interpolated between the
 * last two: the clock snapshots the transform before each step and draws it into the mesh each frame.
 */
function Cube({ counters }) {
  const mesh = useRef(null);
  const cube = useInterpolatedTransform(mesh);
  const angle = useRef(0);
  const [rotation] = useState(() => new Quaternion());

  useFixedUpdate((dt) => {
    angle.current += 1.5 * dt;
    cube.position.current[0] = 1.5 * Math.sin(angle.current);
    cube.quaternion.set(rotation.setFromAxisAngle(AXIS, angle.current));
    counters.updates++;
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
      {/* Outside the canvas: r3f passes React context into it, so the cube finds this clock. */}
      <FixedClockProvider step={STEP}>
      <div className="scene">
        {/* preserveDrawingBuffer: only so the test can read the picture back */}
        <TimestepCanvas camera={{ position: [0, 0, 4] }} gl={{ preserveDrawingBuffer: true }}>
          <ambientLight intensity={0.6} />
          <directionalLight position={[2, 3, 4]} intensity={2} />
          <Cube counters={counters} />
        </TimestepCanvas>
      </div>
      <Hud counters={counters} />
      {/* Frame timing and the shared clock's steps (press \` to hide it); after the scene, so its canvas stays the first. */}
      <FrameTimingOverlay position="bottom-right" />
      </FixedClockProvider>
    </FrameProvider>
  );
}
