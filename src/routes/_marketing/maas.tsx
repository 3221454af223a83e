import { createFileRoute } from '@tanstack/react-router'
import { MaasPage } from '../../ui/marketing/pages/maas-page'

export const Route = createFileRoute('/_marketing/maas')({ component: MaasPage })
