export {
  businessComplete,
  onboardingMachine,
  onboardingSampleInput,
  type OnboardingActor,
  type OnboardingMachine,
  type OnboardingSnapshot,
} from './onboarding.machine'
export { connect, type OnboardingProps } from './onboarding.connect'
export type {
  BusinessField,
  ChannelHit,
  ChannelType,
  CompanyChannelInput,
  JoinChannelInput,
  OnboardingContext,
  OnboardingError,
  OnboardingEvent,
  OnboardingInput,
  SaveStartWithInput,
  SaveUseForInput,
  UseFor,
} from './onboarding.types'
