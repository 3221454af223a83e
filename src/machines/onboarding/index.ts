export { businessComplete, onboardingMachine, onboardingSampleInput, type OnboardingActor, type OnboardingMachine, type OnboardingSnapshot } from './onboarding.machine'
export { connect, type OnboardingProps } from './onboarding.connect'
export type * from './onboarding.types'
