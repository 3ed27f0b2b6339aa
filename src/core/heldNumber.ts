/**
 * A number handed to many callbacks as it is (the fixed clock's dt and alpha, to every job): kept
 * boxed, and boxed again only when the caller writes a new value (compare first; a write boxes). A number read from an ordinary field is boxed anew
 * at every call V8 does not inline, such as a user's callback (docs/performance.md, "Numbers that
 * cross a call").
 */
export class HeldNumber {
  value: number;

  constructor(initial: number) {
    // Not a number first: V8 then keeps the field a pointer to a boxed number, not a raw double.
    this.value = undefined as unknown as number;
    // A number before any comparison with it, whose feedback must only ever see numbers.
    this.value = initial;
  }
}
