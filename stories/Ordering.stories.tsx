import { useEffect, useMemo, useRef } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FrameProvider, useFrame } from '../src/index.js';
import type { UseFrameOptions } from '../src/react/useFrame.js';
import { MoreReadouts, Readout } from './components/Readout.js';
import { expectFramesAdvance } from './components/playHelpers.js';

/** Controls of the ordering demo. */
interface OrderingProps {
  /** Give the subscribers their ids and before/after (off: priorities alone decide). */
  named: boolean;
  /** Mount the four components in the reverse order. */
  reversed: boolean;
  /** Add `before: 'controls'` to the camera, which closes a cycle controls → player → camera → controls. */
  cycle: boolean;
}

/** The names that ran in the last frame, in order: written by the subscribers, read a few times a second. */
interface Log {
  names: string[];
  values: Record<string, number>;
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
    {
      name: 'controls',
      options: named ? { id: 'controls', before: 'player', priority: 10 } : { priority: 10 },
      says: named ? "priority 10, before 'player'" : 'priority 10',
    },
  ];
}

/** One subscriber: logs its name when it runs. */
function Job({ spec, log }: { spec: JobSpec; log: Log }) {
  useFrame(() => {
    log.names.push(spec.name);
  }, spec.options);
  return (
    <li style={{ font: '13px ui-monospace, monospace' }}>
      <b style={chip(spec.name)}>{spec.name}</b>: {spec.says}
    </li>
  );
}

/** Clears the log at the start of every frame (the 'input' phase runs before 'update'). */
function FrameStart({ log }: { log: Log }) {
  useFrame(
    (frame) => {
      log.names.length = 0;
      log.values.frames = frame.frameIndex;
    },
    { phase: 'input' },
  );
  return null;
}

/** One colour per subscriber: its chip in the run order and its line in the mount order. */
const COLORS: Record<string, string> = { camera: '#5dade2', enemies: '#f06a6a', player: '#f5b041', controls: '#58d68d' };
const chip = (name: string) => ({ background: COLORS[name] ?? '#999', color: '#111', borderRadius: 4, padding: '2px 8px' });

/** The last frame's order and the last error, copied into the DOM ten times a second (no render per frame). */
function OrderView({ log }: { log: Log }) {
  const order = useRef<HTMLParagraphElement>(null);
  const error = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const timer = setInterval(() => {
      const view = order.current;
      // The chips are rebuilt only when the order changed (ten checks a second, not per frame).
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
        // Red only for an error.
        error.current.style.color = log.error === '' ? '' : '#b03a2e';
      }
    }, 100);
    return () => clearInterval(timer);
  }, [log]);
  return (
    <>
      <p style={{ font: '600 18px system-ui', margin: '8px 0' }}>
        ran this frame: <span ref={order} data-testid="order" style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }} />
      </p>
      <p ref={error} data-testid="error" style={{ font: '13px ui-monospace, monospace', margin: '4px 0' }} />
    </>
  );
}

function OrderingDemo({ named, reversed, cycle }: OrderingProps) {
  const log = useMemo<Log>(() => ({ names: [], values: { frames: Number.NaN }, error: '' }), []);
  const list = jobs(named, cycle);
  if (reversed) list.reverse();
  return (
    <FrameProvider
      onError={(error) => {
        log.error = error instanceof Error ? error.message : String(error);
      }}
    >
      <FrameStart log={log} />
      <OrderView log={log} />
      <p style={{ font: '13px system-ui', margin: '4px 0' }}>mounted in this order:</p>
      <ol data-testid="mounted">
        {list.map((spec) => (
          <Job key={spec.name} spec={spec} log={log} />
        ))}
      </ol>
      <MoreReadouts>
        <Readout values={log.values} fields={[{ key: 'frames', label: 'frames', format: (n) => n.toFixed(0) }]} />
      </MoreReadouts>
    </FrameProvider>
  );
}

const meta = {
  title: 'Hooks/20 · useFrame ordering: id, before, after',
  component: OrderingDemo,
  render: (args) => <OrderingDemo key={JSON.stringify(args)} {...args} />,
  args: { named: true, reversed: false, cycle: false },
  parameters: {
    docs: {
      description: {
        component: `
Four \`useFrame\` subscribers in the \`'update'\` phase. On top, the order they ran in this frame, one
coloured chip each; under it the order they mounted in and the options each one passes. By priority alone they run camera, enemies,
player, controls. With names, the camera says \`after: 'player'\` and the controls say
\`before: 'player'\`: only those two move. The controls take the player's place, just ahead of it,
and the camera waits for the player; the enemies keep their place. The order is the same whichever
way round the components mount: an id that has not mounted yet is simply waited for. The
scheduler starts named ordering at the first subscription that names ids; only a page whose sole
hook is \`useFrame\`, without a \`<FrameProvider>\`, has none (there \`id\`, \`before\` and \`after\`
throw a \`RangeError\` that says so).

Turn on **cycle** and the camera also asks to run before the controls: controls → player → camera →
controls cannot all hold. The provider's \`onError\` receives one \`RangeError\` naming the cycle and
the link it ignores, and frames keep running with every other constraint kept.
`,
      },
    },
  },
} satisfies Meta<typeof OrderingDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Read the order shown once frames are running. */
async function expectOrder(root: HTMLElement, expected: string): Promise<void> {
  await expectFramesAdvance(root, 'frames', 5);
  await waitFor(() => expect(root.querySelector('[data-testid="order"]')?.textContent).toBe(expected), { timeout: 3000 });
  // One chip per subscriber, in the run order, above the mount order.
  const chips = [...root.querySelectorAll<HTMLElement>('[data-testid="order"] [data-chip]')].map((c) => c.dataset.chip);
  await expect(chips.join(' → ')).toBe(expected);
  const order = root.querySelector('[data-testid="order"]')!;
  await expect(order.compareDocumentPosition(root.querySelector('[data-testid="mounted"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

/** Names on: controls just ahead of the player, the camera after it, the enemies where priority puts them. */
export const Named: Story = {
  play: async ({ canvasElement }) => {
    await expectOrder(canvasElement, 'enemies → controls → player → camera');
    await expect(canvasElement.querySelector('[data-testid="error"]')?.textContent).toBe('no error');
  },
};

/** Mounted the other way round: the same order. */
export const ReverseMountOrder: Story = {
  args: { reversed: true },
  play: async ({ canvasElement }) => {
    await expectOrder(canvasElement, 'enemies → controls → player → camera');
  },
};

/** Names off: priority alone. */
export const PrioritiesOnly: Story = {
  args: { named: false },
  play: async ({ canvasElement }) => {
    await expectOrder(canvasElement, 'camera → enemies → player → controls');
  },
};

/** A cycle: one RangeError naming it, the link into its earliest member ignored, frames go on. */
export const Cycle: Story = {
  args: { cycle: true },
  play: async ({ canvasElement }) => {
    await expectOrder(canvasElement, 'camera → enemies → controls → player');
    await expect(canvasElement.querySelector('[data-testid="error"]')?.textContent).toBe(
      `subscribe: before/after cycle in the 'update' phase: "camera" → "controls" → "player" → "camera" (→: runs before); ` +
        `"player" → "camera" is ignored until the cycle is broken`,
    );
  },
};
