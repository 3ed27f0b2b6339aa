// @vitest-environment node
// Server rendering of useInterpolated and useStepInput: no window, no listeners, no frame loop.
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { FixedClockProvider, useInterpolated, useStepInput } from '../../src/index.js';

function Game() {
  const position = useInterpolated({ kind: 'vector', size: 2, initial: [3, 4] });
  const input = useStepInput();
  return (
    <p>
      {position.blend(0.5)[0]} {input.pending} {String(input.state.isDown('Space'))}
    </p>
  );
}

describe('useInterpolated and useStepInput on the server', () => {
  it('render to a string without touching window', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const html = renderToString(
      <FixedClockProvider step={1 / 60}>
        <Game />
      </FixedClockProvider>,
    );
    expect(html).toBe('<p>3<!-- --> <!-- -->0<!-- --> <!-- -->false</p>');
  });
});
