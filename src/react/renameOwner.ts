/**
 * Run `create` and, if it throws a RangeError or TypeError naming the core factory `from`, rethrow
 * it naming the hook `to` instead (a new error of the same type): the error then points at the
 * code the user wrote. Anything else is rethrown as it is.
 * @internal
 */
export function renameOwner<T>(from: string, to: string, create: () => T): T {
  try {
    return create();
  } catch (error) {
    const Ctor = error instanceof RangeError ? RangeError : error instanceof TypeError ? TypeError : null;
    throw Ctor && (error as Error).message.startsWith(from) ? new Ctor(to + (error as Error).message.slice(from.length)) : error;
  }
}
