import { createServer } from 'node:net';

/** Throws a message naming the variable when something already listens on the port. */
export async function checkPortFree(variable: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `${variable}: port ${port} is already in use (is Coursepack already running? Stop it or set ${variable})`
            : `${variable}: cannot listen on port ${port} (${error.message})`,
        ),
      );
    });
    server.listen(port, () => server.close(() => resolve()));
  });
}
