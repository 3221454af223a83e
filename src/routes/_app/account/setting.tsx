import { createFileRoute, redirect } from '@tanstack/react-router'

/** /account/setting (the account menu's old entry 'setting'): the settings live on /setting. */
export const Route = createFileRoute('/_app/account/setting')({
  beforeLoad: () => {
    throw redirect({ to: '/setting', replace: true })
  },
})
