// Preloaded into the e2e servers (worker-server.ts). stdin is a pipe from the test worker that
// started the server: its end means that worker is gone without stopping the server (killed, or
// crashed), so the server stops itself the usual way instead of holding the port and its files.
process.stdin.once('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
