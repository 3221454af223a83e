import { createFileRoute } from '@tanstack/react-router'
import { PricingPage } from '../../ui/marketing/pages/pricing-page'

export const Route = createFileRoute('/_marketing/pricing')({ component: PricingPage })
