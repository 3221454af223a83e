import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '../../ui/marketing/pages/terms-page'

export const Route = createFileRoute('/_marketing/terms-and-conditions')({ component: TermsPage })
