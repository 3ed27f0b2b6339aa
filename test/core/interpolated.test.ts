import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInterpolated } from '../../src/core/interpolated.js';

const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });
const alphaArb = fc.double({ min: 0, max: 1, noNaN: true });
const angleArb = fc.double({ min: -50, max: 50, noNaN: true });

/** A unit quaternion from four numbers (rejecting near-zero ones). */
const quaternionArb = fc
  .tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }))
  .filter(([x, y, z, w]) => x * x + y * y + z * z + w * w > 0.01)
  .map(([x, y, z, w]) => {
    const n = Math.hypot(x, y, z, w);
    return [x / n, y / n, z / n, w / n] as const;
  });

const dot4 = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]! + a[3]! * b[3]!;

describe('createInterpolated: numbers', () => {
  it('blends previous → current, exactly at 0 and 1, between them inside', () => {
    fc.assert(
      fc.property(finite, finite, alphaArb, (p, c, alpha) => {
        const v = createInterpolated({ kind: 'number', initial: p });
        v.push(c);
        expect(v.blend(0)).toBe(p);
        expect(v.blend(1)).toBe(c);
        const b = v.blend(alpha);
        expect(b).toBeGreaterThanOrEqual(Math.min(p, c) - 1e-9);
        expect(b).toBeLessThanOrEqual(Math.max(p, c) + 1e-9);
      }),
    );
  });

  it('snapshot saves current as previous; exact mid value', () => {
    const v = createInterpolated({ kind: 'number' });
    v.current = 10;
    v.snapshot();
    v.current = 20;
    expect(v.previous).toBe(10);
    expect(v.blend(0.25)).toBe(12.5);
  });

  it('clamps alpha to [0, 1] and reads NaN as 0', () => {
    const v = createInterpolated({ kind: 'number', initial: 2 });
    v.push(4);
    expect(v.blend(-1)).toBe(2);
    expect(v.blend(2)).toBe(4);
    expect(v.blend(Number.NaN)).toBe(2);
  });

  it('interpolation off: the picture is the current state at any alpha', () => {
    const v = createInterpolated({ kind: 'number', initial: 0, interpolate: false });
    v.push(8);
    expect(v.blend(0)).toBe(8);
    expect(v.blend(0.5)).toBe(8);
    v.enabled = true;
    expect(v.blend(0.5)).toBe(4);
  });

  it('teleport: every alpha shows the new state, and the next step starts from it', () => {
    fc.assert(
      fc.property(finite, finite, finite, fc.array(alphaArb, { minLength: 1, maxLength: 8 }), (start, moved, to, alphas) => {
        const v = createInterpolated({ kind: 'number', initial: start });
        v.push(moved);
        v.teleport(to);
        // `==` so that −0 and +0 (the same place) compare equal.
        for (const alpha of alphas) expect(v.blend(alpha) === to, `blend(${alpha}) = ${v.blend(alpha)}, want ${to}`).toBe(true);
        // next step moves by +1 from the teleported place: no picture between the old and new place
        v.push(to + 1);
        for (const alpha of alphas) {
          const b = v.blend(alpha);
          expect(b).toBeGreaterThanOrEqual(to - 1e-9);
          expect(b).toBeLessThanOrEqual(to + 1 + 1e-9);
        }
      }),
    );
  });

  it('teleport() without a value keeps the current state and drops the previous', () => {
    const v = createInterpolated({ kind: 'number', initial: 1 });
    v.current = 5;
    v.teleport();
    expect(v.previous).toBe(5);
    expect(v.blend(0)).toBe(5);
  });
});

describe('createInterpolated: the object', () => {
  it('a number or an angle: own enumerable keys in order, `current` an accessor, `previous` read-only', () => {
    for (const kind of ['number', 'angle'] as const) {
      const v = createInterpolated({ kind, initial: 1 });
      expect(Object.keys(v)).toEqual(['kind', 'enabled', 'current', 'previous', 'snapshot', 'set', 'push', 'teleport', 'blend']);
      const current = Object.getOwnPropertyDescriptor(v, 'current')!;
      expect([typeof current.get, typeof current.set, current.enumerable, current.configurable]).toEqual(['function', 'function', true, true]);
      const previous = Object.getOwnPropertyDescriptor(v, 'previous')!;
      expect([typeof previous.get, previous.set, previous.enumerable, previous.configurable]).toEqual(['function', undefined, true, true]);
      expect(() => {
        (v as { previous: number }).previous = 5;
      }).toThrow(TypeError);
      expect(JSON.parse(JSON.stringify(v))).toEqual({ kind, enabled: true, current: 1, previous: 1 });
    }
  });

  it('two values keep their own state', () => {
    const a = createInterpolated({ kind: 'number', initial: 1 });
    const b = createInterpolated({ kind: 'number', initial: 2 });
    a.current = 10;
    b.push(20);
    expect([a.previous, a.current, b.previous, b.current]).toEqual([1, 10, 2, 20]);
  });

  it('a vector or a quaternion: own enumerable keys in order', () => {
    for (const kind of ['vector', 'quaternion'] as const) {
      expect(Object.keys(createInterpolated({ kind }))).toEqual(['kind', 'size', 'enabled', 'current', 'previous', 'value', 'snapshot', 'set', 'push', 'teleport', 'blend']);
    }
  });

  it('the methods work detached (e.g. passed as callbacks)', () => {
    const { snapshot, set, push, teleport, blend } = createInterpolated({ kind: 'number', initial: 0 });
    set(4);
    snapshot();
    push(8);
    expect(blend(0.5)).toBe(6);
    teleport(1);
    expect(blend(0.5)).toBe(1);
    const vector = createInterpolated({ kind: 'vector', size: 2 });
    const step = vector.push;
    const draw = vector.blend;
    step([2, 4]);
    expect(Array.from(draw(0.5))).toEqual([1, 2]);
  });
});

describe('createInterpolated: angles', () => {
  it('turns the shorter way: never more than half a turn of travel, exact at the ends', () => {
    fc.assert(
      fc.property(angleArb, angleArb, alphaArb, (p, c, alpha) => {
        const v = createInterpolated({ kind: 'angle', initial: p });
        v.push(c);
        expect(v.blend(0)).toBe(p);
        expect(v.blend(1)).toBe(c);
        // The arc from previous to the blend has the sign of the shorter arc and at most its length.
        const short = c - p - 2 * Math.PI * Math.floor((c - p + Math.PI) / (2 * Math.PI));
        expect(Math.abs(short)).toBeLessThanOrEqual(Math.PI + 1e-12);
        // Strictly between the ends (at 1 the stored current angle comes back exactly, which may be
        // whole turns away from previous + the short arc).
        if (alpha < 1) {
          const travelled = v.blend(alpha) - p;
          expect(Math.abs(travelled)).toBeLessThanOrEqual(Math.abs(short) + 1e-9);
          if (Math.abs(travelled) > 1e-9) expect(Math.sign(travelled)).toBe(Math.sign(short));
        }
      }),
    );
  });

  it('crosses ±π the short way: 170° → −170° passes 180°, not 0°', () => {
    const deg = Math.PI / 180;
    const v = createInterpolated({ kind: 'angle', initial: 170 * deg });
    v.push(-170 * deg);
    expect(v.blend(0.5) / deg).toBeCloseTo(180, 9);
  });
});

describe('createInterpolated: vectors', () => {
  it('componentwise between previous and current, exact at 0 and 1, any size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }).chain((n) => fc.tuple(fc.array(finite, { minLength: n, maxLength: n }), fc.array(finite, { minLength: n, maxLength: n }))), alphaArb, ([p, c], alpha) => {
        const v = createInterpolated({ kind: 'vector', size: p.length, initial: p });
        v.push(c);
        expect(Array.from(v.blend(0))).toEqual(p);
        expect(Array.from(v.blend(1))).toEqual(c);
        const out = v.blend(alpha, new Array<number>(p.length).fill(0));
        for (let i = 0; i < p.length; i++) {
          expect(out[i]).toBeGreaterThanOrEqual(Math.min(p[i]!, c[i]!) - 1e-9);
          expect(out[i]).toBeLessThanOrEqual(Math.max(p[i]!, c[i]!) + 1e-9);
        }
      }),
    );
  });

  it('writes into arrays, typed arrays and x/y/z objects, and returns the target', () => {
    const v = createInterpolated({ kind: 'vector', size: 3, initial: [0, 0, 0] });
    v.push({ x: 2, y: 4, z: 8 });
    const arr = [9, 9, 9, 9];
    expect(v.blend(0.5, arr)).toBe(arr);
    expect(arr).toEqual([1, 2, 4, 9]);
    const f32 = new Float32Array(3);
    expect(Array.from(v.blend(0.25, f32))).toEqual([0.5, 1, 2]);
    // a three.js Vector3 look-alike: has a length() method, which must not be read as an array length
    const vec3 = { x: 0, y: 0, z: 0, length() { return Math.hypot(this.x, this.y, this.z); } };
    v.blend(1, vec3);
    expect([vec3.x, vec3.y, vec3.z]).toEqual([2, 4, 8]);
    const vec2 = { x: 0, y: 0 };
    const v2 = createInterpolated({ kind: 'vector', size: 2 });
    v2.push([10, 20]);
    v2.blend(0.1, vec2);
    expect(vec2).toEqual({ x: 1, y: 2 });
  });

  it('teleport leaves no intermediate picture', () => {
    const v = createInterpolated({ kind: 'vector', size: 2 });
    v.push([1, 1]);
    v.teleport([100, -100]);
    for (const alpha of [0, 0.3, 0.7, 1]) expect(Array.from(v.blend(alpha))).toEqual([100, -100]);
  });

  it('rejects bad options and bad sources with errors that name them', () => {
    expect(() => createInterpolated({ kind: 'vectr' as 'vector' })).toThrow(/createInterpolated: option `kind`/);
    expect(() => createInterpolated({ kind: 'vector', size: 0 })).toThrow(/createInterpolated: option `size`.*got 0/);
    expect(() => createInterpolated({ kind: 'vector', size: 2, initial: [1, 2, 3] })).toThrow(/createInterpolated \(vector\): option `initial` needs 2 finite numbers in an array or as x\/y\/z\/w, got \[1, 2, 3\]/);
    expect(() => createInterpolated({ kind: 'quaternion', size: 3 })).toThrow(/option `size` must be 4/);
    expect(() => createInterpolated({ kind: 'vector', blend: 'slerp' })).toThrow(/option `blend` applies to kind 'quaternion'/);
    expect(() => createInterpolated({ kind: 'number', initial: Number.NaN })).toThrow(/option `initial` must be a finite number/);
    expect(() => createInterpolated({ kind: 'number', interpolate: 'no' as unknown as boolean })).toThrow(/option `interpolate`/);
    const v = createInterpolated({ kind: 'vector', size: 3 });
    expect(() => v.set([1, 2])).toThrow(TypeError);
    const big = createInterpolated({ kind: 'vector', size: 5 });
    expect(() => big.blend(0.5, { x: 0, y: 0 })).toThrow(/createInterpolated \(vector\): blend target needs 5 numbers in an array, got \{ x, y \}/);
  });
});

describe('createInterpolated: quaternions', () => {
  for (const blend of ['nlerp', 'slerp'] as const) {
    it(`${blend}: unit length, ends on ±previous and current, on the short arc between them`, () => {
      fc.assert(
        fc.property(quaternionArb, quaternionArb, alphaArb, (p, c, alpha) => {
          const q = createInterpolated({ kind: 'quaternion', blend, initial: p });
          q.push(c);
          const out = q.blend(alpha, [0, 0, 0, 0]);
          expect(Math.hypot(...out)).toBeCloseTo(1, 12);
          // ±q is the same rotation: compare |dot| with the expected quaternion.
          expect(Math.abs(dot4(q.blend(0, [0, 0, 0, 0]), p))).toBeCloseTo(1, 12);
          expect(Array.from(q.blend(1, [0, 0, 0, 0])).map((x, i) => x - c[i]!).every((d) => Math.abs(d) < 1e-12)).toBe(true);
          // On the short arc: the rotation angle to each end adds up to the angle between the ends.
          const angle = (a: ArrayLike<number>, b: ArrayLike<number>) => 2 * Math.acos(Math.min(1, Math.abs(dot4(a, b))));
          expect(angle(p, out) + angle(out, c)).toBeCloseTo(angle(p, c), 6);
        }),
      );
    });
  }

  it('slerp turns at constant speed: halfway is half the angle; nlerp is close', () => {
    // 0° → 90° about z
    const h = Math.SQRT1_2;
    for (const blend of ['slerp', 'nlerp'] as const) {
      const q = createInterpolated({ kind: 'quaternion', blend, initial: [0, 0, 0, 1] });
      q.push([0, 0, h, h]);
      const quarter = q.blend(0.25, { x: 0, y: 0, z: 0, w: 0 });
      const turned = (2 * Math.atan2(quarter.z, quarter.w) * 180) / Math.PI;
      if (blend === 'slerp') expect(turned).toBeCloseTo(22.5, 9);
      else expect(Math.abs(turned - 22.5)).toBeLessThan(1);
    }
  });

  it('slerp turns at constant speed at small angles too, down to 1e-6 rad (to 1e-13 rad)', () => {
    for (const half of [1e-6, 1e-5, 4e-5, 5e-5, 1e-3, 0.0316, 0.04, 0.3]) {
      const q = createInterpolated({ kind: 'quaternion', blend: 'slerp', initial: [0, 0, 0, 1] });
      q.push([0, 0, Math.sin(half), Math.cos(half)]);
      const out = q.blend(0.2, [0, 0, 0, 0]);
      expect(Math.abs(Math.atan2(out[2]!, out[3]!) - 0.2 * half), `half-angle ${half}`).toBeLessThan(1e-13);
    }
  });

  it('the README example: slerp halfway from the identity to 90° about z is 45° about z', () => {
    const rotation = createInterpolated({ kind: 'quaternion', blend: 'slerp' });
    rotation.push([0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const target = rotation.blend(0.5, { x: 0, y: 0, z: 0, w: 1 });
    expect([target.x, target.y, target.z.toFixed(4), target.w.toFixed(4)]).toEqual([0, 0, '0.3827', '0.9239']);
    rotation.teleport();
    expect(Array.from(rotation.blend(0.5)).map((x) => x.toFixed(4))).toEqual(['0.0000', '0.0000', '0.7071', '0.7071']);
  });

  it('slerp ends exactly where nlerp does at alpha 0 and 1', () => {
    fc.assert(
      fc.property(quaternionArb, quaternionArb, (p, c) => {
        const ends = (blend: 'nlerp' | 'slerp') => {
          const q = createInterpolated({ kind: 'quaternion', blend, initial: p });
          q.push(c);
          return [Array.from(q.blend(0)), Array.from(q.blend(1))];
        };
        expect(ends('slerp')).toEqual(ends('nlerp'));
      }),
    );
  });

  it('takes −q as q: from q to −q does not turn at all', () => {
    const q = createInterpolated({ kind: 'quaternion', initial: [0, 0, 0, 1] });
    q.push([0, 0, 0, -1]);
    const mid = q.blend(0.5);
    expect(Math.abs(mid[3]!)).toBeCloseTo(1, 12);
  });

  it('teleport and interpolate: false show the current rotation at every alpha', () => {
    const h = Math.SQRT1_2;
    const q = createInterpolated({ kind: 'quaternion', initial: [0, 0, 0, 1] });
    q.push([h, 0, 0, h]);
    q.teleport([0, h, 0, h]);
    for (const alpha of [0, 0.5, 1]) expect(Array.from(q.blend(alpha)).map((x) => +x.toFixed(12))).toEqual([0, +h.toFixed(12), 0, +h.toFixed(12)]);
    const off = createInterpolated({ kind: 'quaternion', interpolate: false });
    off.push([h, 0, 0, h]);
    expect(Array.from(off.blend(0)).map((x) => +x.toFixed(12))).toEqual([+h.toFixed(12), 0, 0, +h.toFixed(12)]);
  });

  it('the identity is the default state', () => {
    expect(Array.from(createInterpolated({ kind: 'quaternion' }).blend(0.5))).toEqual([0, 0, 0, 1]);
  });
});

/** The rotation angle of a quaternion of any length, in degrees. */
const degreesOf = (q: ArrayLike<number>) => (2 * Math.acos(Math.min(1, Math.abs(q[3]!) / Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!))) * 180) / Math.PI;
/** A turn of `degrees` about the unit axis (x, y, z), scaled to length `length`. */
const turn = (degrees: number, length = 1, axis: readonly [number, number, number] = [0, 0, 1]): number[] => {
  const half = (degrees * Math.PI) / 360;
  return [...axis.map((a) => a * Math.sin(half) * length), Math.cos(half) * length];
};

describe('createInterpolated: quaternions of any length (issue 25)', () => {
  it('slerp: a 60° turn at alpha 0.25 is 15° when both inputs have length 0.5', () => {
    const q = createInterpolated({ kind: 'quaternion', blend: 'slerp', initial: turn(0, 0.5) });
    q.push(turn(60, 0.5));
    expect(degreesOf(q.blend(0.25))).toBeCloseTo(15, 9);
    expect(Math.hypot(...q.value)).toBeCloseTo(1, 12);
  });

  for (const blend of ['slerp', 'nlerp'] as const) {
    it(`${blend}: ‖previous‖ 2, ‖current‖ 1, a 60° turn at alpha 0.5 is 30°`, () => {
      const q = createInterpolated({ kind: 'quaternion', blend, initial: turn(0, 2) });
      q.push(turn(60, 1));
      expect(degreesOf(q.blend(0.5))).toBeCloseTo(30, 9);
    });
  }

  it('nlerp: 0.25 of a 60° turn does not depend on the lengths either', () => {
    const unit = createInterpolated({ kind: 'quaternion', initial: turn(0) });
    unit.push(turn(60));
    const scaled = createInterpolated({ kind: 'quaternion', initial: turn(0, 0.5) });
    scaled.push(turn(60, 3));
    expect(degreesOf(scaled.blend(0.25))).toBeCloseTo(degreesOf(unit.blend(0.25)), 9);
  });

  it('a zero quaternion reads as the other state; two read as the identity', () => {
    const q = createInterpolated({ kind: 'quaternion', initial: [0, 0, 0, 0] });
    q.set(turn(40, 5));
    expect(degreesOf(q.blend(0.5))).toBeCloseTo(40, 9);
    q.teleport([0, 0, 0, 0]);
    expect(Array.from(q.blend(0.5))).toEqual([0, 0, 0, 1]);
  });

  const scaleArb = fc.double({ min: 1e-150, max: 1e150, noNaN: true }).chain((m) => fc.constantFrom(m, -m));
  for (const blend of ['nlerp', 'slerp'] as const) {
    it(`${blend}: property: scaling either input by any factor (±1e-150 … ±1e150) gives the same rotation, unit length`, () => {
      fc.assert(
        fc.property(quaternionArb, quaternionArb, scaleArb, scaleArb, alphaArb, (p, c, sp, sc, alpha) => {
          // Rotations 180° apart (p ⊥ c) have two shortest paths; the sign of a dot product like
          // 5e-323, which scaling by 1e-115 underflows to 0, would pick one. Not a question of length.
          fc.pre(Math.abs(dot4(p, c)) > 1e-9);
          const unit = createInterpolated({ kind: 'quaternion', blend, initial: p });
          unit.push(c);
          const scaled = createInterpolated({ kind: 'quaternion', blend, initial: p.map((x) => x * sp) });
          scaled.push(c.map((x) => x * sc));
          const a = unit.blend(alpha, [0, 0, 0, 0]);
          const b = scaled.blend(alpha, [0, 0, 0, 0]);
          expect(Math.hypot(...b)).toBeCloseTo(1, 12);
          expect(Math.abs(dot4(a, b))).toBeCloseTo(1, 9);
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe('createInterpolated: sources with missing or bad components (issue 25)', () => {
  it('set({ x, y }) on a 3-vector is a TypeError naming set and z; the state is kept', () => {
    const v = createInterpolated({ kind: 'vector', size: 3, initial: [1, 2, 3] });
    expect(() => v.set({ x: 5, y: 6 })).toThrow(new TypeError('createInterpolated (vector): set is missing `z` (needs x, y, z), got { x, y }'));
    expect(Array.from(v.current)).toEqual([1, 2, 3]);
    expect(() => v.push({ x: 5, y: 6 })).toThrow(/push is missing `z`/);
    expect(() => v.teleport({ x: 5, y: 6, z: '7' as unknown as number })).toThrow(/teleport is missing `z`/);
  });

  it('set({ x, y, z }) on a quaternion is a TypeError naming set and w', () => {
    const q = createInterpolated({ kind: 'quaternion' });
    expect(() => q.set({ x: 0, y: 0, z: 1 })).toThrow(new TypeError('createInterpolated (quaternion): set is missing `w` (needs x, y, z, w), got { x, y, z }'));
    expect(Array.from(q.current)).toEqual([0, 0, 0, 1]);
  });

  it('initial with NaN or Infinity is rejected like a NaN number', () => {
    expect(() => createInterpolated({ kind: 'vector', initial: [Number.NaN, 0, 0] })).toThrow(new RangeError('createInterpolated (vector): option `initial` needs 3 finite numbers in an array or as x/y/z/w, got [NaN, 0, 0]'));
    expect(() => createInterpolated({ kind: 'quaternion', initial: [0, 0, Infinity, 1] })).toThrow(RangeError);
    expect(() => createInterpolated({ kind: 'vector', size: 2, initial: { x: 1, y: Number.NaN } })).toThrow(RangeError);
    expect(() => createInterpolated({ kind: 'vector', size: 3, initial: { x: 1, y: 2 } })).toThrow(/option `initial` needs 3 finite numbers.*got \{ x, y \}/);
  });
});

describe('createInterpolated: finite between any finite states (issue 25)', () => {
  it('a number, a vector and an angle between −1e308 and 1e308 stay finite and in range', () => {
    const n = createInterpolated({ kind: 'number', initial: -1e308 });
    n.push(1e308);
    expect(n.blend(0.5)).toBe(0);
    expect(n.blend(0.25)).toBeCloseTo(-5e307, -295);
    const v = createInterpolated({ kind: 'vector', size: 2, initial: [1e308, -Number.MAX_VALUE] });
    v.push([-1e308, Number.MAX_VALUE]);
    expect(Array.from(v.blend(0.5))).toEqual([0, 0]);
    const angle = createInterpolated({ kind: 'angle', initial: -1e308 });
    angle.push(1e308);
    expect(Number.isFinite(angle.blend(0.3))).toBe(true);
  });

  const anyFinite = fc.double({ noNaN: true, noDefaultInfinity: true });
  it('property: any finite previous and current, any alpha: the blend is finite and between them', () => {
    fc.assert(
      fc.property(anyFinite, anyFinite, alphaArb, (p, c, alpha) => {
        const n = createInterpolated({ kind: 'number', initial: p });
        n.push(c);
        const out = n.blend(alpha);
        expect(out).toBeGreaterThanOrEqual(Math.min(p, c));
        expect(out).toBeLessThanOrEqual(Math.max(p, c));
        const v = createInterpolated({ kind: 'vector', size: 1, initial: [p] });
        v.push([c]);
        expect(v.blend(alpha)[0]).toBe(out);
        const angle = createInterpolated({ kind: 'angle', initial: p });
        angle.push(c);
        expect(Number.isFinite(angle.blend(alpha))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
