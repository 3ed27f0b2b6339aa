/**
 * Run `create` and, if it throws a RangeError or TypeError naming the core factory `from`, rethrow
 * it naming the hook `to` instead: the error then points at the code the user wrote.
 * @internal
 */
export function renameOwner<T>(from: string, to: string, create: () => T): T {
  try {
    return create();
  } catch (error) {
    if ((error instanceof RangeError || error instanceof TypeError) && error.message.startsWith(from)) {
      const Ctor = error instanceof RangeError ? RangeError : TypeError;
      throw new Ctor(to + error.message.slice(from.length));
    }
    throw error;
  }
}
