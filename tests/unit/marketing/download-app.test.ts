// @vitest-environment jsdom
import { createElement as h } from 'react'
import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { DownloadAppPage, safeRedirect } from '../../../src/ui/marketing/pages/download-app-page'
import { renderWithRouter } from './render-with-router'

describe('download-app page', () => {
  it('follows only same-site paths', () => {
    expect(safeRedirect(undefined)).toBe('/')
    expect(safeRedirect('/pricing?x=1')).toBe('/pricing?x=1')
    expect(safeRedirect('https://evil.example')).toBe('/')
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('/\\evil.example')).toBe('/')
    expect(safeRedirect('/download-app')).toBe('/')
  })

  it('offers both stores and continues in the browser to the redirect', async () => {
    const { router } = renderWithRouter(() => h(DownloadAppPage, { redirect: '/pricing' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Workroom works best in the app' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeTruthy()
    const cont = screen.getByRole('link', { name: 'Continue in browser' })
    expect(cont.getAttribute('href')).toBe('/pricing')
    await act(async () => {
      fireEvent.click(cont)
    })
    expect(router.state.location.pathname).toBe('/pricing')
    expect(await screen.findByText('page /pricing')).toBeTruthy()
  })
})
