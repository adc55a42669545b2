/**
 * Runs an organiser command and exits with its code; an error the command expects (`isExpected`)
 * prints its message alone, any other its whole story.
 */
export function runCli(run: (argv: string[]) => Promise<number>, isExpected: (error: unknown) => boolean = (error) => error instanceof Error): void {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(isExpected(error) && error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
