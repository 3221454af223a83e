import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '../../ui/marketing/pages/about-page'

export const Route = createFileRoute('/_marketing/about')({ component: AboutPage })
