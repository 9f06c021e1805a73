// Preloaded into the workers tests start (test/helpers/worker-process.ts): the worker ends itself,
// as SIGTERM would end it, once the jest worker that started it is gone, so that no worker
// outlives its test run, even one whose jest was killed before its teardown.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();
