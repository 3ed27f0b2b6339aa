/** Run `create`; a RangeError or TypeError naming the factory `from` is rethrown naming the hook `to`. @internal */
export function renameOwner<T>(from: string, to: string, create: () => T): T {
  try {
    return create();
  } catch (error) {
    const Ctor = error instanceof RangeError ? RangeError : error instanceof TypeError ? TypeError : null;
    throw Ctor && (error as Error).message.startsWith(from) ? new Ctor(to + (error as Error).message.slice(from.length)) : error;
  }
}
