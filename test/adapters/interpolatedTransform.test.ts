import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Object3D, Quaternion, Vector3 } from 'three';
import { createInterpolatedTransform } from '../../src/r3f/interpolatedTransform.js';
import { createInterpolatedTransform2D } from '../../src/pixi/interpolatedTransform2D.js';

describe('createInterpolatedTransform (three.js objects)', () => {
  it('draws the position and rotation alpha of the way between the last two steps', () => {
    const t = createInterpolatedTransform({ position: [0, 0, 0] });
    const mesh = new Object3D();
    t.snapshot();
    t.position.set([2, 4, -6]);
    const quarterTurn = new Quaternion().setFromAxisAngle(new Vector3(0, 0, 1), Math.PI / 2);
    t.quaternion.set([quarterTurn.x, quarterTurn.y, quarterTurn.z, quarterTurn.w]);
    t.apply(0.25, mesh);
    expect(mesh.position.toArray()).toEqual([0.5, 1, -1.5]);
    // nlerp halfway between identity and a quarter turn is an eighth of a turn about z.
    t.apply(0.5, mesh);
    expect(mesh.rotation.z).toBeCloseTo(Math.PI / 4, 12);
    t.apply(1, mesh);
    expect(mesh.position.toArray()).toEqual([2, 4, -6]);
    expect(mesh.quaternion.angleTo(quarterTurn)).toBeLessThan(1e-7);
  });

  it('teleport draws the new state at every alpha (no streak)', () => {
    const t = createInterpolatedTransform();
    const mesh = new Object3D();
    t.snapshot();
    t.position.set([100, 0, 0]);
    t.teleport();
    t.apply(0, mesh);
    expect(mesh.position.x).toBe(100);
  });

  it('keeps a unit quaternion for any pair of rotations and alpha (property)', () => {
    const mesh = new Object3D();
    const unit = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
      .filter(([x, y, z, w]) => Math.hypot(x, y, z, w) > 0.1)
      .map(([x, y, z, w]) => { const n = Math.hypot(x, y, z, w); return [x / n, y / n, z / n, w / n]; });
    fc.assert(
      fc.property(unit, unit, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, alpha) => {
        const t = createInterpolatedTransform({ quaternion: a });
        t.snapshot();
        t.quaternion.set(b);
        t.apply(alpha, mesh);
        expect(mesh.quaternion.length()).toBeCloseTo(1, 9);
      }),
    );
  });

  it('rejects bad options with a RangeError that names the factory and the option', () => {
    expect(() => createInterpolatedTransform({ position: [1, 2] })).toThrow(/createInterpolatedTransform: option `position` must be 3 finite numbers, got \[1, 2\]/);
    expect(() => createInterpolatedTransform({ quaternion: [0, 0, 0, Number.NaN] })).toThrow(RangeError);
    expect(() => createInterpolatedTransform({ blend: 'cubic' as never })).toThrow(/createInterpolatedTransform: option `blend`/);
  });
});

describe('createInterpolatedTransform2D (PixiJS containers)', () => {
  it('blends the position linearly and the angle the shorter way round', () => {
    const t = createInterpolatedTransform2D({ position: [10, 20], rotation: Math.PI - 0.1 });
    const sprite = { position: { x: 0, y: 0, set(x: number, y: number) { this.x = x; this.y = y; } }, rotation: 0 };
    t.snapshot();
    t.position.set([20, 0]);
    t.rotation.current = -Math.PI + 0.1; // 0.2 rad further on, across the ±π seam
    t.apply(0.5, sprite);
    expect(sprite.position.x).toBe(15);
    expect(sprite.position.y).toBe(10);
    expect(Math.abs(Math.cos(sprite.rotation) - Math.cos(Math.PI))).toBeLessThan(1e-12); // halfway is π, not 0
    t.teleport();
    t.apply(0, sprite);
    expect(sprite.position.x).toBe(20);
  });

  it('rejects bad options with a RangeError that names the factory and the option', () => {
    expect(() => createInterpolatedTransform2D({ position: [1, 2, 3] })).toThrow(/createInterpolatedTransform2D: option `position` must be 2 finite numbers/);
    expect(() => createInterpolatedTransform2D({ rotation: Number.POSITIVE_INFINITY })).toThrow(/option `rotation`/);
  });
});

describe('the transform factories refuse misspelt option names', () => {
  it('a RangeError naming the factory and the option', () => {
    expect(() => createInterpolatedTransform({ postion: [0, 0, 0] } as never)).toThrow(/^createInterpolatedTransform: unknown option `postion`/);
    expect(() => createInterpolatedTransform2D({ rotaton: 1 } as never)).toThrow(/^createInterpolatedTransform2D: unknown option `rotaton`/);
  });
});
