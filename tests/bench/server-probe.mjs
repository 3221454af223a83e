// Preloaded into a benched server process (`--import tsx --import ./tests/bench/server-probe.mjs`,
// spawned with an IPC channel): its event loop's delay histogram, its garbage collections and the CPU
// time of the process and of its main (event-loop) thread since the last reset, for the bench to
// print beside each latency figure (chat-fanout.ts, ServerLoad).
// Messages from the bench: 'probe:reset' (answered 'probe:reset') and 'probe:report'
// (answered { serverLoad }). Plain JavaScript: worker threads (the embedded database's) inherit the
// --import flags and load it outside the TypeScript loader; there it does nothing.
import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

/** The histogram's timer resolution: a loop blocked for less than this is not seen. */
const RESOLUTION_MS = 5

const ms = (ns) => Math.round(ns / 1e4) / 100

/** CPU ms of the main thread (utime + stime in /proc, 100 ticks a second); null where there is no /proc. */
function mainThreadCpuMs() {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

const processCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

function probe() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  let gc = { count: 0, ms: 0, maxMs: 0 }
  let cpuAt = { process: processCpuMs(), main: mainThreadCpuMs() }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++
      gc.ms += entry.duration
      gc.maxMs = Math.max(gc.maxMs, entry.duration)
    }
  }).observe({ entryTypes: ['gc'] })

  process.on('message', (msg) => {
    if (msg === 'probe:reset') {
      histogram.reset()
      gc = { count: 0, ms: 0, maxMs: 0 }
      cpuAt = { process: processCpuMs(), main: mainThreadCpuMs() }
      process.send?.('probe:reset')
    } else if (msg === 'probe:report') {
      process.send?.({
        serverLoad: {
          p50: ms(histogram.percentile(50)),
          p99: ms(histogram.percentile(99)),
          max: ms(histogram.max),
          gcCount: gc.count,
          gcMs: Math.round(gc.ms),
          gcMaxMs: Math.round(gc.maxMs * 10) / 10,
          cpuMs: Math.round(processCpuMs() - cpuAt.process),
          mainCpuMs: cpuAt.main === null ? null : mainThreadCpuMs() - cpuAt.main,
        },
      })
    }
  })
  // The channel must not keep the process alive once the server has stopped.
  process.channel?.unref()
}

if (isMainThread && process.send) probe()
