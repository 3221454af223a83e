import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '../../ui/marketing/pages/privacy-page'

export const Route = createFileRoute('/_marketing/privacy')({ component: PrivacyPage })
