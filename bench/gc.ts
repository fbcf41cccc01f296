// A full garbage collection before a measurement, so that what an earlier bench left behind is not paid for here.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as unknown;
  if (typeof gc === 'function') (gc as () => void)();
}
