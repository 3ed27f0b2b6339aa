import { useEffect, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FrameProvider, useFrame } from '../src/index.js';
import { docs, toggle } from './kit/controls.js';
import { count } from './kit/format.js';
import { Legend } from './kit/Legend.js';
import { expectFramesAdvance, until } from './kit/play.js';
import { MoreReadouts, Readout } from './kit/Readout.js';

/** The options of one `useFrame` subscription (its second argument). */
type UseFrameOptions = NonNullable<Parameters<typeof useFrame>[1]>;

/** Controls of the ordering demo. */
interface OrderingProps { reversed: boolean; cycle: boolean }

/** The names that ran in the last frame, in order: written by the subscribers, read a few times a second. */
interface Log {
  names: string[];
  error: string;
}

interface JobSpec {
  name: string;
  options: UseFrameOptions;
  /** What the card says about the options. */
  says: string;
}

function jobs(named: boolean, cycle: boolean): JobSpec[] {
  const camera: UseFrameOptions = named ? { id: 'camera', after: 'player', priority: -10 } : { priority: -10 };
  if (named && cycle) camera.before = 'controls';
  return [
    { name: 'camera', options: camera, says: named ? `priority −10, after 'player'${cycle ? ", before 'controls'" : ''}` : 'priority −10' },
    { name: 'enemies', options: { priority: 0 }, says: 'priority 0' },
    { name: 'player', options: named ? { id: 'player', priority: 5 } : { priority: 5 }, says: named ? "priority 5, id 'player'" : 'priority 5' },
    { name: 'controls', options: named ? { id: 'controls', before: 'player', priority: 10 } : { priority: 10 }, says: named ? "priority 10, before 'player'" : 'priority 10' },
  ];
}

/** One colour per subscriber: its chip in the run order and its line in the mount order. */
const COLORS: Record<string, string> = { camera: '#5dade2', enemies: '#f06a6a', player: '#f5b041', controls: '#58d68d' };
const chip = (name: string) => ({ background: COLORS[name] ?? '#999', color: '#111', borderRadius: 4, padding: '2px 8px' });

/** One subscriber: logs its name when it runs. */
function Job({ spec, log }: { spec: JobSpec; log: Log }) {
  useFrame(() => {
    log.names.push(spec.name);
  }, spec.options);
  return (
    <li style={{ font: '13px ui-monospace, monospace', margin: '3px 0' }}>
      <b style={chip(spec.name)}>{spec.name}</b>: {spec.says}
    </li>
  );
}

/** Clears the log at the start of every frame (the 'input' phase runs before 'update'). */
function FrameStart({ log, values }: { log: Log; values?: Record<string, number> }) {
  useFrame(
    (frame) => {
      log.names.length = 0;
      if (values) values.frames = frame.frameIndex;
    },
    { phase: 'input' },
  );
  return null;
}

/** The last frame's order as chips and the last error, copied into the DOM ten times a second (no render per frame). */
function OrderView({ log, testId }: { log: Log; testId: string }) {
  const order = useRef<HTMLParagraphElement>(null);
  const error = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const timer = setInterval(() => {
      const view = order.current;
      if (view && view.textContent !== log.names.join(' → ')) {
        view.replaceChildren();
        log.names.forEach((name, i) => {
          if (i > 0) view.append(' → ');
          const span = document.createElement('span');
          Object.assign(span.style, chip(name));
          span.dataset.chip = name;
          span.textContent = name;
          view.append(span);
        });
      }
      if (error.current) {
        error.current.textContent = log.error === '' ? 'no error' : log.error;
        error.current.style.color = log.error === '' ? '' : '#b03a2e';
      }
    }, 100);
    return () => clearInterval(timer);
  }, [log]);
  return (
    <>
      <p ref={order} data-testid={testId} style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center', font: '600 16px system-ui', margin: '6px 0' }} />
      <p ref={error} data-testid={`${testId}-error`} style={{ font: '12px ui-monospace, monospace', margin: '4px 0', overflowWrap: 'anywhere' }} />
    </>
  );
}

/** One column: four subscribers on a provider of their own, named or by priority alone. */
function Column({ named, reversed, cycle, values }: { named: boolean; reversed: boolean; cycle: boolean; values?: Record<string, number> }) {
  const [log] = useState<Log>(() => ({ names: [], error: '' }));
  const list = jobs(named, cycle);
  if (reversed) list.reverse();
  return (
    <section style={{ flex: '1 1 300px', minWidth: 0 }}>
      <h4 style={{ margin: '0 0 2px', font: '600 14px system-ui' }}>{named ? 'with id, before, after' : 'priorities alone'}</h4>
      <FrameProvider onError={(error) => (log.error = error instanceof Error ? error.message : String(error))}>
        <FrameStart log={log} values={values} />
        <OrderView log={log} testId={named ? 'order-named' : 'order-priorities'} />
        <p style={{ font: '12px system-ui', margin: '4px 0', opacity: 0.75 }}>mounted in this order:</p>
        <ol data-testid={named ? 'mounted-named' : 'mounted-priorities'} style={{ margin: 0, paddingLeft: 22 }}>
          {list.map((spec) => (
            <Job key={spec.name} spec={spec} log={log} />
          ))}
        </ol>
      </FrameProvider>
    </section>
  );
}

function OrderingDemo({ reversed, cycle }: OrderingProps) {
  const [values] = useState(() => ({ frames: Number.NaN }));
  // A change of mount order or options mounts the columns again (that is what the control shows).
  const key = `${reversed}/${cycle}`;
  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        <Column key={`p${key}`} named={false} reversed={reversed} cycle={false} values={values} />
        <Column key={`n${key}`} named reversed={reversed} cycle={cycle} />
      </div>
      <Legend items={Object.keys(COLORS).map((name) => ({ mark: 'swatch' as const, color: COLORS[name], text: `${name}: one useFrame subscriber` }))} />
      <MoreReadouts>
        <Readout values={values} fields={[{ key: 'frames', label: 'frames', format: count }]} />
      </MoreReadouts>
    </div>
  );
}

type Story = StoryObj<typeof meta>;

/** Read the orders shown once frames are running. */
async function expectOrders(root: HTMLElement, priorities: string, named: string): Promise<void> {
  await expectFramesAdvance(root, 'frames', 5);
  const text = (id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
  await until(() => text('order-priorities') === priorities && text('order-named') === named, () => `${text('order-priorities')} | ${text('order-named')}`);
  // One chip per subscriber, in the run order, above the mount order.
  const chips = [...root.querySelectorAll<HTMLElement>('[data-testid="order-named"] [data-chip]')].map((c) => c.dataset.chip);
  await expect(chips.join(' → ')).toBe(named);
  await expect(root.querySelector('[data-testid="order-named"]')!.compareDocumentPosition(root.querySelector('[data-testid="mounted-named"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

/** Priorities alone beside names: with names, the controls run just ahead of the player, the camera after it. */
export const Named: Story = {
  play: async ({ canvasElement: root }) => {
    await expectOrders(root, 'camera → enemies → player → controls', 'enemies → controls → player → camera');
    await expect(root.querySelector('[data-testid="order-named-error"]')?.textContent).toBe('no error');
  },
};

/** Mounted the other way round: the same orders. */
export const ReverseMountOrder: Story = {
  args: { reversed: true },
  play: async ({ canvasElement: root }) => {
    await expectOrders(root, 'camera → enemies → player → controls', 'enemies → controls → player → camera');
  },
};

/** A cycle: one RangeError naming it, the link into its earliest member ignored, frames go on. */
export const Cycle: Story = {
  args: { cycle: true },
  play: async ({ canvasElement: root }) => {
    await expectOrders(root, 'camera → enemies → player → controls', 'camera → enemies → controls → player');
    await expect(root.querySelector('[data-testid="order-named-error"]')?.textContent).toBe(
      `subscribe: before/after cycle in the 'update' phase: "camera" → "controls" → "player" → "camera" (→: runs before); ` +
        `"player" → "camera" is ignored until the cycle is broken`,
    );
  },
};

/** What the docs page says above the story. */
const ABOUT = `
Four \`useFrame\` subscribers in the \`'update'\` phase, twice side by side: on the left by priority
alone, on the right with names. On top of each column the order they ran in this frame, one
coloured chip each; under it the order they mounted in and the options each one passes. By
priority alone they run camera, enemies, player, controls. With names, the camera says
\`after: 'player'\` and the controls say \`before: 'player'\`: only those two move. The controls take
the player's place, just ahead of it, and the camera waits for the player; the enemies keep their
place. The order is the same whichever way round the components mount: an id that has not mounted
yet is simply waited for.

Turn on **cycle** and the named camera also asks to run before the controls: controls → player →
camera → controls cannot all hold. The provider's \`onError\` receives one \`RangeError\` naming the
cycle and the link it ignores, and frames keep running with every other constraint kept.
`;

/** The code a user would write, shown on the docs page. */
const CODE = `import { useFrame } from 'react-timestep';

useFrame(moveCamera, { id: 'camera', after: 'player', priority: -10 });
useFrame(readControls, { id: 'controls', before: 'player', priority: 10 });
useFrame(movePlayer, { id: 'player', priority: 5 });`;

const meta = {
  title: 'Hooks/20 · useFrame ordering: id, before, after',
  component: OrderingDemo,
  args: { reversed: false, cycle: false },
  argTypes: {
    reversed: toggle('reverse mount order', 'Mount the four subscribers in the reverse order: the run order does not change.'),
    cycle: toggle('cycle', "Also ask the named camera to run before 'controls': controls → player → camera → controls cannot all hold."),
  },
  parameters: docs(ABOUT, CODE),
} satisfies Meta<typeof OrderingDemo>;
export default meta;
