export * from './onboarding.machine'
export * from './onboarding.view'
