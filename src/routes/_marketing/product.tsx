import { createFileRoute } from '@tanstack/react-router'
import { ProductPage } from '../../ui/marketing/pages/product-page'

export const Route = createFileRoute('/_marketing/product')({ component: ProductPage })
