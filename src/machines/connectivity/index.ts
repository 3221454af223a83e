export * from './connectivity.chart'
export * from './connectivity.view'
// The XState machine (connectivity.machine.ts) is imported directly where xstate is wanted.
