/** The lines of the error a configuration parse throws; fails the test when it throws none. */
export function problemsOf(parse: () => unknown): string[] {
  try {
    parse();
  } catch (error) {
    return (error as Error).message.split('\n');
  }
  throw new Error('expected the configuration to be refused');
}
