/** What `action` throws, to look into; a test that expected a throw fails when nothing is thrown. */
export function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}
