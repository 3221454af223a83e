import { createFileRoute } from '@tanstack/react-router'
import { DocsPage } from '../../ui/marketing/pages/docs-page'

export const Route = createFileRoute('/_marketing/docs')({ component: DocsPage })
